/**
 * The generated network (DOMAIN.md "Demo and scale data"). A town is a jittered street grid with a
 * manhole at every crossing 40–80 m apart, drained as a tree towards one outfall in its south-west
 * corner, with about three laterals per section. Every record is a pure function of (seed, kind,
 * index); the few town-wide facts a record needs (street offsets, levels along the flow path) are
 * derived from those same draws and cached, so records can be produced in any order or chunk.
 * The town is laid out in metres on a UTM grid and stored in WGS 84.
 */
import { utmToWgs84, type UtmZone } from '@manway/core/domain/projection';
import { Stream } from './random';
import { assetCondition, gradeObservation, scoreInspection, type InspectionScores } from '@manway/core/domain/scoring';
import { DEMO_CODES, DEMO_STANDARD, type ObservationCodeDef } from '@manway/core/domain/standard';
import type { AssetType, GridPoint, InspectionStatus, SewerUse, Wgs84Point } from '@manway/core/domain/types';

export interface TownParams {
  seed: number;
  cols: number;
  rows: number;
  /** South-west corner of the grid, UTM metres. */
  origin: GridPoint;
  zone: UtmZone;
  /** Asset ids are idBase + 1 …; tiles of a scale network each get their own range. */
  idBase: number;
  /** Put before every asset code, so tiles do not collide (e.g. "T0007-"). */
  codePrefix: string;
  /** Name of the town, for districts and the owner. */
  name: string;
  outfallInvertM: number;
}

/** A fictional town on a real-looking hillside in Westphalia (UTM zone 32N). */
export const DEMO_TOWN: Omit<TownParams, 'seed'> = {
  cols: 45,
  rows: 45,
  origin: [452_000, 5_748_000],
  zone: { zone: 32, north: true },
  idBase: 0,
  codePrefix: '',
  name: 'Manwick',
  outfallInvertM: 61.2,
};

export const DEFAULT_SEED = 20_260_101;

export interface AssetRecord {
  id: number;
  objectType: AssetType;
  subtype: string;
  code: string;
  /** One point for a node, start and end for a section or lateral. */
  coords: Wgs84Point[];
  fromNodeId: number | null;
  toNodeId: number | null;
  parentSectionId: number | null;
  chainageM: number | null;
  clock: number | null;
  material: string;
  shape: 'circular' | 'egg' | null;
  sizeMm: number | null;
  lengthM: number | null;
  yearBuilt: number;
  owner: string;
  use: SewerUse;
  coverLevelM: number | null;
  invertLevelM: number | null;
  fromInvertM: number | null;
  toInvertM: number | null;
  street: string;
  district: string;
}

const STREET_STEMS = [
  'Mill',
  'Church',
  'Station',
  'Brook',
  'Oak',
  'Linden',
  'Market',
  'Castle',
  'Meadow',
  'Forge',
  'Willow',
  'Bridge',
  'Garden',
  'School',
  'Hill',
  'Orchard',
  'Chapel',
  'Mason',
  'Weaver',
  'Tanner',
  'Copper',
  'Elm',
  'Ash',
  'Birch',
];
const ROW_SUFFIXES = ['Street', 'Lane', 'Row'];
const COL_SUFFIXES = ['Road', 'Way', 'Avenue'];
const DISTRICTS = ['Old Town', 'Millbrook', 'Northgate', 'Riverside', 'Hillcrest', 'Eastfield'];

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};
const wgs = (p: Wgs84Point): Wgs84Point => [round(p[0], 8), round(p[1], 8)];
const pad = (n: number) => String(n).padStart(5, '0');

export class Town {
  readonly nodeCount: number;
  readonly sectionCount: number;
  readonly lateralCount: number;
  private readonly colX: number[] = [0];
  private readonly rowY: number[] = [0];
  private readonly invertMemo = new Map<number, number>();
  private readonly upstreamMemo = new Map<number, number>();
  private readonly s: (kind: string) => Stream;

  constructor(readonly p: TownParams) {
    const streams = new Map<string, Stream>();
    this.s = (kind) => {
      let st = streams.get(kind);
      if (!st) streams.set(kind, (st = new Stream(p.seed, kind)));
      return st;
    };
    for (let c = 1; c < p.cols; c++) this.colX.push(this.colX[c - 1]! + this.s('col').between(c, 0, 40, 80));
    for (let r = 1; r < p.rows; r++) this.rowY.push(this.rowY[r - 1]! + this.s('row').between(r, 0, 40, 80));
    this.nodeCount = p.cols * p.rows;
    this.sectionCount = this.nodeCount - 1;
    this.lateralCount = this.sectionCount * 3;
  }

  get assetCount(): number {
    return this.nodeCount + this.sectionCount + this.lateralCount;
  }

  nodeId(i: number): number {
    return this.p.idBase + 1 + i;
  }
  sectionId(k: number): number {
    return this.p.idBase + 1 + this.nodeCount + k;
  }
  lateralId(j: number): number {
    return this.p.idBase + 1 + this.nodeCount + this.sectionCount + j;
  }

  /** Node position on the local grid (metres from the origin). */
  grid(i: number): GridPoint {
    const col = i % this.p.cols;
    const row = Math.floor(i / this.p.cols);
    return [
      this.colX[col]! + this.s('jitter').between(i, 0, -5, 5),
      this.rowY[row]! + this.s('jitter').between(i, 1, -5, 5),
    ];
  }

  toWgs([x, y]: GridPoint): Wgs84Point {
    return utmToWgs84([this.p.origin[0] + x, this.p.origin[1] + y], this.p.zone);
  }

  /** The node a node drains into: west or south, towards the outfall at index 0. */
  downstream(i: number): number | null {
    if (i === 0) return null;
    const col = i % this.p.cols;
    const row = Math.floor(i / this.p.cols);
    if (col === 0) return i - this.p.cols;
    if (row === 0) return i - 1;
    return this.s('flow').unit(i) < 0.5 ? i - 1 : i - this.p.cols;
  }

  upstream(i: number): number[] {
    const col = i % this.p.cols;
    const out: number[] = [];
    if (col + 1 < this.p.cols && this.downstream(i + 1) === i) out.push(i + 1);
    if (i + this.p.cols < this.nodeCount && this.downstream(i + this.p.cols) === i) out.push(i + this.p.cols);
    return out;
  }

  /** Nodes draining through node i, itself included: sizes the pipe leaving it. */
  catchment(i: number): number {
    const known = this.upstreamMemo.get(i);
    if (known !== undefined) return known;
    // Iterative post-order: the flow paths are up to cols + rows long.
    const stack = [i];
    while (stack.length) {
      const n = stack[stack.length - 1]!;
      const pending = this.upstream(n).filter((u) => !this.upstreamMemo.has(u));
      if (pending.length) {
        stack.push(...pending);
        continue;
      }
      stack.pop();
      this.upstreamMemo.set(n, 1 + this.upstream(n).reduce((sum, u) => sum + this.upstreamMemo.get(u)!, 0));
    }
    return this.upstreamMemo.get(i)!;
  }

  /** Section gradient leaving node i: 0.3–2 %. */
  gradient(i: number): number {
    return this.s('gradient').between(i, 0, 0.003, 0.02);
  }

  distance(a: number, b: number): number {
    const [ax, ay] = this.grid(a);
    const [bx, by] = this.grid(b);
    return Math.hypot(ax - bx, ay - by);
  }

  /** Invert level of node i: the outfall's, plus the fall of every section on the way to it. */
  invert(i: number): number {
    const path: number[] = [];
    let n: number | null = i;
    while (n !== null && !this.invertMemo.has(n)) {
      path.push(n);
      n = this.downstream(n);
    }
    let level = n === null ? this.p.outfallInvertM : this.invertMemo.get(n)!;
    for (let k = path.length - 1; k >= 0; k--) {
      const node = path[k]!;
      if (node === 0) level = this.p.outfallInvertM;
      else level += this.gradient(node) * round(this.distance(node, this.downstream(node)!), 2);
      this.invertMemo.set(node, level);
    }
    return this.invertMemo.get(i)!;
  }

  district(i: number): string {
    const col = i % this.p.cols;
    const row = Math.floor(i / this.p.cols);
    const d = Math.floor((col * 3) / this.p.cols) + 3 * Math.floor((row * 2) / this.p.rows);
    return DISTRICTS[d]!;
  }

  rowStreet(row: number): string {
    return `${STREET_STEMS[(row * 7 + (this.p.seed % 5)) % STREET_STEMS.length]} ${ROW_SUFFIXES[row % 3]}`;
  }
  colStreet(col: number): string {
    return `${STREET_STEMS[(col * 5 + 3 + (this.p.seed % 7)) % STREET_STEMS.length]} ${COL_SUFFIXES[col % 3]}`;
  }

  yearBuilt(i: number): number {
    const col = i % this.p.cols;
    const row = Math.floor(i / this.p.cols);
    const d = Math.hypot(col / this.p.cols - 0.5, row / this.p.rows - 0.5) / Math.SQRT1_2;
    return Math.min(2024, 1905 + Math.round(d * 105) + this.s('year').int(i, 0, -6, 6));
  }

  isLeaf(i: number): boolean {
    return this.upstream(i).length === 0;
  }

  nodeSubtype(i: number): string {
    if (i === 0) return 'outfall';
    if (this.isLeaf(i)) return this.s('subtype').unit(i) < 0.25 ? 'gully' : 'manhole';
    return this.s('subtype').unit(i, 1) < 0.003 ? 'pump-station' : 'manhole';
  }

  use(i: number): SewerUse {
    if (this.yearBuilt(i) < 1960) return 'combined';
    return this.s('use').unit(i) < 0.7 ? 'sanitary' : 'storm';
  }

  node(i: number): AssetRecord {
    const subtype = this.nodeSubtype(i);
    const prefix = { manhole: 'MH', gully: 'GY', outfall: 'OF', 'pump-station': 'PS' }[subtype]!;
    const invert = round(this.invert(i), 3);
    const year = this.yearBuilt(i);
    return {
      id: this.nodeId(i),
      objectType: 'node',
      subtype,
      code: `${this.p.codePrefix}${prefix}-${pad(i + 1)}`,
      coords: [wgs(this.toWgs(this.grid(i)))],
      fromNodeId: null,
      toNodeId: null,
      parentSectionId: null,
      chainageM: null,
      clock: null,
      material: year < 1950 ? 'brick' : 'concrete',
      shape: null,
      sizeMm: subtype === 'gully' ? 450 : 1000,
      lengthM: null,
      yearBuilt: year,
      owner: `${this.p.name} Water (fictional)`,
      use: this.use(i),
      coverLevelM: round(invert + this.s('depth').between(i, 0, 1.4, 4.2), 3),
      invertLevelM: invert,
      fromInvertM: null,
      toInvertM: null,
      street: this.rowStreet(Math.floor(i / this.p.cols)),
      district: this.district(i),
    };
  }

  sectionSize(i: number): number {
    const n = this.catchment(i);
    return n < 15 ? 225 : n < 80 ? 300 : n < 300 ? 450 : n < 900 ? 600 : 900;
  }

  /** Section k leaves node k + 1 towards its downstream node. */
  section(k: number): AssetRecord {
    const i = k + 1;
    const down = this.downstream(i)!;
    const rising = this.nodeSubtype(i) === 'pump-station';
    const size = this.sectionSize(i);
    const year = this.yearBuilt(i);
    const material = rising
      ? 'PE'
      : year < 1940
        ? size >= 600
          ? 'brick'
          : 'vitrified clay'
        : year < 1975
          ? 'concrete'
          : size <= 450
            ? 'PVC'
            : 'concrete';
    const horizontal = down === i - 1;
    const length = round(this.distance(i, down), 2);
    return {
      id: this.sectionId(k),
      objectType: 'section',
      subtype: rising ? 'rising-main' : 'gravity-main',
      code: `${this.p.codePrefix}S-${pad(k + 1)}`,
      coords: [wgs(this.toWgs(this.grid(i))), wgs(this.toWgs(this.grid(down)))],
      fromNodeId: this.nodeId(i),
      toNodeId: this.nodeId(down),
      parentSectionId: null,
      chainageM: null,
      clock: null,
      material,
      shape: material === 'brick' ? 'egg' : 'circular',
      sizeMm: size,
      lengthM: length,
      yearBuilt: year,
      owner: `${this.p.name} Water (fictional)`,
      use: this.use(i),
      coverLevelM: null,
      invertLevelM: null,
      fromInvertM: round(this.invert(i), 3),
      toInvertM: round(this.invert(down), 3),
      street: horizontal ? this.rowStreet(Math.floor(i / this.p.cols)) : this.colStreet(i % this.p.cols),
      district: this.district(i),
    };
  }

  /** Lateral j branches off section ⌊j / 3⌋ at a chainage, to the left (10 o'clock) or right (2). */
  lateral(j: number): AssetRecord {
    const k = Math.floor(j / 3);
    const slot = j % 3;
    const i = k + 1;
    const down = this.downstream(i)!;
    const a = this.grid(i);
    const b = this.grid(down);
    const length = round(this.distance(i, down), 2);
    const st = this.s('lateral');
    const t = Math.min(0.95, Math.max(0.05, (slot + 0.5) / 3 + st.between(j, 0, -0.12, 0.12)));
    const left = st.unit(j, 1) < 0.5;
    const start: GridPoint = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    const ux = (b[0] - a[0]) / length;
    const uy = (b[1] - a[1]) / length;
    const reach = st.between(j, 2, 6, 18);
    // Left of the flow direction is the perpendicular turned anticlockwise.
    const end: GridPoint = left
      ? [start[0] - uy * reach, start[1] + ux * reach]
      : [start[0] + uy * reach, start[1] - ux * reach];
    // The start lies on the section's stored line: interpolate its WGS 84 ends, not the grid.
    const wa = wgs(this.toWgs(a));
    const wb = wgs(this.toWgs(b));
    const year = Math.min(2025, this.yearBuilt(i) + st.int(j, 3, 0, 40));
    return {
      id: this.lateralId(j),
      objectType: 'lateral',
      subtype: 'property-lateral',
      code: `${this.p.codePrefix}L-${pad(j + 1)}`,
      coords: [wgs([wa[0] + (wb[0] - wa[0]) * t, wa[1] + (wb[1] - wa[1]) * t]), wgs(this.toWgs(end))],
      fromNodeId: null,
      toNodeId: null,
      parentSectionId: this.sectionId(k),
      chainageM: round(length * t, 2),
      clock: left ? 10 : 2,
      material: year < 1975 ? 'vitrified clay' : 'PVC',
      shape: 'circular',
      sizeMm: st.unit(j, 4) < 0.8 ? 150 : 100,
      lengthM: round(reach, 2),
      yearBuilt: year,
      owner: 'Private',
      use: this.use(i),
      coverLevelM: null,
      invertLevelM: null,
      fromInvertM: null,
      toInvertM: null,
      street: this.section(k).street,
      district: this.district(i),
    };
  }

  asset(index: number): AssetRecord {
    if (index < this.nodeCount) return this.node(index);
    if (index < this.nodeCount + this.sectionCount) return this.section(index - this.nodeCount);
    return this.lateral(index - this.nodeCount - this.sectionCount);
  }
}

// ---------------------------------------------------------------------------------------------
// Work and inspections of the demo town.

export const DEMO_INSPECTIONS = 500;
const TASKS_WITH_INSPECTIONS = 100;
const OPEN_TASKS = 80;
const TASKS_PER_ASSIGNMENT = 4;
const FIRST_DAY = Date.UTC(2021, 0, 4);
/**
 * The day the open work is planned around when the caller names none. Loading passes the day it
 * seeds on instead (the generator never reads the clock), so the demo crew finds work for today.
 */
export const DEMO_REFERENCE_DAY = '2026-01-15';
/** Open assignments scheduled per day, from the seeding day on. */
const ASSIGNMENTS_PER_DAY = 6;
const SURVEY_DAYS = 5 * 365 - 10;
/** Metres per second of the camera crawler, for video offsets. */
const CRAWLER_SPEED = 0.15;
const OPERATORS = ['inspector', 'syncer', 'editor'];

export interface ProjectRecord {
  id: number;
  name: string;
  client: string;
  contractor: string;
  status: 'planned' | 'active' | 'completed' | 'archived';
  createdAt: string;
}

export interface TaskRecord {
  id: number;
  projectId: number;
  taskType: 'inspect' | 'clean' | 'rehabilitate';
  assetId: number;
  district: string;
  dueDate: string;
  state: 'planned' | 'started' | 'inspection-created' | 'completed' | 'deleted';
  createdAt: string;
}

export interface AssignmentRecord {
  id: number;
  taskIds: number[];
  assignedTo: string | null;
  scheduledDate: string;
  status: 'unassigned' | 'assigned' | 'in-progress' | 'done' | 'cancelled';
}

export interface SessionRecord {
  id: number;
  assignmentId: number;
  operator: string;
  camera: string;
  startedAt: string;
  endedAt: string | null;
  status: 'open' | 'closed';
}

export interface ObservationRecord {
  id: number;
  inspectionId: number;
  sequence: number;
  distanceM: number;
  code: string;
  characterisation: string | null;
  quantification1: number | null;
  quantification2: number | null;
  clockFrom: number | null;
  clockTo: number | null;
  atJoint: boolean;
  continuous: 'S' | 'F' | null;
  continuousGroup: number | null;
  grade: number | null;
  remark: string | null;
  videoOffsetMs: number;
}

export interface InspectionRecord {
  id: number;
  assetId: number;
  taskId: number | null;
  sessionId: number | null;
  direction: 'downstream' | 'upstream';
  startNodeId: number;
  inspectedAt: string;
  weather: 'dry' | 'rain' | 'snow' | 'frost';
  preCleaning: boolean;
  lengthSurveyedM: number;
  status: InspectionStatus;
  review: 'accepted' | 'rejected' | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdBy: string;
  header: Record<string, string | number>;
  observations: ObservationRecord[];
  scores: InspectionScores;
}

export interface LocationRecord {
  objectType: AssetType;
  objectId: number;
  longitude: number;
  latitude: number;
  altitude: number;
  horizontalAccuracy: number;
  capturedAt: string;
  /** The full GPS fix of spec section 3, beyond position and accuracy. */
  gps: Record<string, string | number | boolean | null>;
  collectedBy: string;
}

export interface ShortcutRecord {
  login: string;
  kind: 'asset' | 'inspection';
  objectId: number;
  pinned: boolean;
  lastUsedAt: string;
}

export interface SubjectRecord {
  id: number;
  kind: 'root-source' | 'hazard' | 'note';
  label: string;
  assetId: number;
  coords: Wgs84Point;
  /** A connected subject linking it to its section, when it has one. */
  connectedId: number | null;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (isoDay: string, n: number) => day(Date.parse(`${isoDay}T00:00:00Z`) + n * 86_400_000);
const OPEN_STATES: ReadonlySet<TaskRecord['state']> = new Set(['planned', 'started', 'inspection-created']);
const CODES = new Map(DEMO_CODES.map((c) => [c.code, c]));
const STRUCTURAL = DEMO_CODES.filter((c) => c.family === 'structural');
const OPERATIONAL = DEMO_CODES.filter((c) => c.family === 'operational');

export class DemoTown extends Town {
  constructor(seed: number = DEFAULT_SEED) {
    super({ ...DEMO_TOWN, seed });
  }

  private st(kind: string): Stream {
    return new Stream(this.p.seed, kind);
  }

  readonly projects: ProjectRecord[] = [2021, 2022, 2023, 2024, 2025].map((year, p) => ({
    id: p + 1,
    name: `CCTV survey ${year}`,
    client: 'Manwick Water (fictional)',
    contractor: ['Pipeview Surveys', 'Clearline Drainage', 'Pipeview Surveys', 'Northstar CCTV', 'Clearline Drainage'][
      p
    ]!,
    status: p === 4 ? 'active' : p === 0 ? 'archived' : 'completed',
    createdAt: new Date(Date.UTC(year, 0, 2)).toISOString(),
  }));

  /** The asset inspection k surveys: nine in ten are sections, the rest manholes. */
  inspectionAsset(k: number): { kind: 'section' | 'node'; index: number } {
    const st = this.st('inspection-asset');
    if (k % 10 === 9) return { kind: 'node', index: 1 + Math.floor(st.unit(k) * (this.nodeCount - 1)) };
    return { kind: 'section', index: Math.floor(st.unit(k) * this.sectionCount) };
  }

  inspectedAt(k: number): number {
    const st = this.st('inspection-time');
    const d = Math.floor((k / DEMO_INSPECTIONS) * SURVEY_DAYS);
    return FIRST_DAY + d * 86_400_000 + st.int(k, 0, 7 * 60, 15 * 60) * 60_000;
  }

  inspectionStatus(k: number): { status: InspectionStatus; review: 'accepted' | 'rejected' | null } {
    if (k >= DEMO_INSPECTIONS - 10) return { status: k % 2 ? 'incomplete' : 'pending', review: null };
    if (k >= DEMO_INSPECTIONS - 30) return { status: 'pending', review: null };
    if (k % 53 === 7) return { status: 'incomplete', review: 'rejected' };
    return { status: 'completed', review: 'accepted' };
  }

  /** Tasks 1–100 each own inspection 5 × (task − 1); their state follows it. */
  taskOfInspection(k: number): number | null {
    return k % 5 === 0 ? k / 5 + 1 : null;
  }

  assetIdOf(ref: { kind: 'section' | 'node'; index: number }): number {
    return ref.kind === 'section' ? this.sectionId(ref.index) : this.nodeId(ref.index);
  }

  /**
   * The inspected tasks (1–100), then the active project's open work (101–180), due from `today` on.
   * No asset gets a second open task (migration 0017): an open task's section already taken is
   * passed over for the next one.
   */
  tasks(today: string = DEMO_REFERENCE_DAY): TaskRecord[] {
    const out: TaskRecord[] = [];
    const st = this.st('task');
    const taken = new Set<number>();
    for (let t = 0; t < TASKS_WITH_INSPECTIONS; t++) {
      const k = t * 5;
      const at = this.inspectedAt(k);
      const ref = this.inspectionAsset(k);
      const { status } = this.inspectionStatus(k);
      out.push({
        id: t + 1,
        projectId: 1 + Math.min(4, Math.floor((at - FIRST_DAY) / (365 * 86_400_000))),
        taskType: 'inspect',
        assetId: this.assetIdOf(ref),
        district: this.district(ref.kind === 'section' ? ref.index + 1 : ref.index),
        dueDate: day(at + 14 * 86_400_000),
        state: status === 'completed' ? 'completed' : 'inspection-created',
        createdAt: new Date(at - 30 * 86_400_000).toISOString(),
      });
      if (OPEN_STATES.has(out[t]!.state)) taken.add(out[t]!.assetId);
    }
    for (let n = 0; n < OPEN_TASKS; n++) {
      const group = Math.floor(n / TASKS_PER_ASSIGNMENT);
      const state = (['planned', 'planned', 'started', 'deleted'] as const)[group % 4]!;
      let s = Math.floor(st.unit(n) * this.sectionCount);
      if (OPEN_STATES.has(state)) {
        while (taken.has(this.sectionId(s))) s = (s + 1) % this.sectionCount;
        taken.add(this.sectionId(s));
      }
      out.push({
        id: TASKS_WITH_INSPECTIONS + n + 1,
        projectId: 5,
        taskType: st.pick(n, 1, ['inspect', 'inspect', 'clean', 'rehabilitate'] as const),
        assetId: this.sectionId(s),
        district: this.district(s + 1),
        dueDate: addDays(today, n),
        state,
        createdAt: new Date(Date.UTC(2025, 9, 1) + n * 3_600_000).toISOString(),
      });
    }
    return out;
  }

  /**
   * Four tasks each. The open work's assignments are scheduled from `today` on, a few a day, so the
   * demo crew (`inspector`) has a started and a planned round on the day the demo is seeded.
   */
  assignments(tasks: TaskRecord[] = this.tasks(), today: string = DEMO_REFERENCE_DAY): AssignmentRecord[] {
    const out: AssignmentRecord[] = [];
    for (let g = 0; g * TASKS_PER_ASSIGNMENT < tasks.length; g++) {
      const group = tasks.slice(g * TASKS_PER_ASSIGNMENT, (g + 1) * TASKS_PER_ASSIGNMENT);
      const states = new Set(group.map((t) => t.state));
      const open = g - TASKS_WITH_INSPECTIONS / TASKS_PER_ASSIGNMENT;
      let status: AssignmentRecord['status'];
      if (states.has('deleted')) status = 'cancelled';
      else if (states.size === 1 && states.has('completed')) status = 'done';
      else if (states.has('planned')) status = open % 4 === 0 ? 'unassigned' : 'assigned';
      else status = 'in-progress';
      out.push({
        id: g + 1,
        taskIds: group.map((t) => t.id),
        assignedTo: status === 'unassigned' ? null : OPERATORS[g % OPERATORS.length]!,
        scheduledDate: open >= 0 ? addDays(today, Math.floor(open / ASSIGNMENTS_PER_DAY)) : group[0]!.dueDate,
        status,
      });
    }
    return out;
  }

  /** One camera session per assignment that produced inspections. */
  sessions(assignments: AssignmentRecord[] = this.assignments()): SessionRecord[] {
    return assignments
      .filter((a) => a.taskIds.every((t) => t <= TASKS_WITH_INSPECTIONS))
      .map((a) => {
        const times = a.taskIds.map((t) => this.inspectedAt((t - 1) * 5));
        const open = a.status !== 'done';
        return {
          id: a.id,
          assignmentId: a.id,
          operator: a.assignedTo!,
          camera: a.id % 2 ? 'Crawler CX-2 (demo)' : 'Crawler RX-9 (demo)',
          startedAt: new Date(Math.min(...times) - 1_800_000).toISOString(),
          endedAt: open ? null : new Date(Math.max(...times) + 3_600_000).toISOString(),
          status: open ? 'open' : 'closed',
        };
      });
  }

  inspection(k: number): InspectionRecord {
    const st = this.st('inspection');
    const ref = this.inspectionAsset(k);
    const asset = ref.kind === 'section' ? this.section(ref.index) : this.node(ref.index);
    const at = this.inspectedAt(k);
    const { status, review } = this.inspectionStatus(k);
    const upstream = ref.kind === 'section' && st.unit(k, 1) < 0.2;
    const fullLength = asset.lengthM ?? round((asset.coverLevelM ?? 0) - (asset.invertLevelM ?? 0), 2);
    const abandoned = ref.kind === 'section' && st.unit(k, 2) < 0.05;
    const surveyed = abandoned ? round(fullLength * st.between(k, 3, 0.2, 0.8), 2) : fullLength;
    const taskId = this.taskOfInspection(k);
    const id = k + 1;
    const age = new Date(at).getUTCFullYear() - asset.yearBuilt;
    const recorded = this.observations(k, id, asset, ref, surveyed, upstream, abandoned, age);
    const scores = scoreInspection(
      recorded.map((o) => ({ ...o, family: CODES.get(o.code)!.family, distanceM: o.distanceM })),
      DEMO_STANDARD.scale,
      DEMO_STANDARD.continuousUnitM,
    );
    const operator =
      OPERATORS[(taskId === null ? k : Math.floor((taskId - 1) / TASKS_PER_ASSIGNMENT)) % OPERATORS.length]!;
    return {
      id,
      assetId: asset.id,
      taskId,
      sessionId: taskId === null ? null : Math.floor((taskId - 1) / TASKS_PER_ASSIGNMENT) + 1,
      direction: upstream ? 'upstream' : 'downstream',
      startNodeId: ref.kind === 'node' ? asset.id : upstream ? asset.toNodeId! : asset.fromNodeId!,
      inspectedAt: new Date(at).toISOString(),
      weather: st.pick(k, 4, ['dry', 'dry', 'dry', 'rain', 'rain', 'frost', 'snow'] as const),
      preCleaning: st.unit(k, 5) < 0.4,
      lengthSurveyedM: surveyed,
      status,
      review,
      reviewedBy: review ? 'editor' : null,
      reviewedAt: review ? new Date(at + 3 * 86_400_000).toISOString() : null,
      createdBy: operator,
      header: {
        operator,
        vehicle: `Van ${1 + (k % 3)}`,
        flowControl: st.unit(k, 6) < 0.7 ? 'none' : 'plugged',
        waterLevelPct: st.int(k, 7, 0, 25),
      },
      observations: recorded,
      scores,
    };
  }

  private observations(
    k: number,
    inspectionId: number,
    asset: AssetRecord,
    ref: { kind: 'section' | 'node'; index: number },
    surveyed: number,
    upstream: boolean,
    abandoned: boolean,
    age: number,
  ): ObservationRecord[] {
    const st = this.st('observation');
    type Draft = Omit<ObservationRecord, 'id' | 'inspectionId' | 'sequence' | 'videoOffsetMs' | 'grade'>;
    const drafts: Draft[] = [];
    const base = {
      characterisation: null,
      quantification1: null,
      quantification2: null,
      clockFrom: null,
      clockTo: null,
      atJoint: false,
      continuous: null,
      continuousGroup: null,
      remark: null,
    };
    drafts.push({ ...base, distanceM: 0, code: 'XST' });
    drafts.push({ ...base, distanceM: 0, code: 'IWL', quantification1: st.int(k, 0, 0, 25) });
    if (ref.kind === 'section') {
      // Connections where the laterals of this section join it.
      for (let slot = 0; slot < 3; slot++) {
        const lat = this.lateral(ref.index * 3 + slot);
        const d = round(upstream ? asset.lengthM! - lat.chainageM! : lat.chainageM!, 2);
        if (d > surveyed) continue;
        const clock = upstream ? 12 - lat.clock! : lat.clock!;
        drafts.push({
          ...base,
          distanceM: d,
          code: 'ICN',
          characterisation: 'F',
          quantification1: lat.sizeMm,
          clockFrom: clock,
        });
      }
    }
    // Older pipes have more defects: about one per 12 m for a century-old pipe.
    const rate = Math.max(0.02, Math.min(1.2, age / 100)) / 12;
    const defects = Math.min(30, Math.floor(surveyed * rate * st.between(k, 1, 0.3, 1.7)));
    let group = 0;
    for (let n = 0; n < defects; n++) {
      const salt = 10 + n * 8;
      const family = st.unit(k, salt) < 0.55 ? STRUCTURAL : OPERATIONAL;
      const def: ObservationCodeDef = st.pick(k, salt + 1, family);
      const at = round(st.between(k, salt + 2, 0.3, Math.max(0.4, surveyed - 0.3)), 2);
      const chars = def.characterisations ? Object.keys(def.characterisations) : null;
      const clock = def.clockRequired ? st.int(k, salt + 3, 1, 12) : null;
      const draft: Draft = {
        ...base,
        distanceM: at,
        code: def.code,
        characterisation: chars ? st.pick(k, salt + 4, chars) : null,
        quantification1: def.quantificationRequired
          ? round((def.quantificationUnit === 'mm' ? 60 : 55) * st.unit(k, salt + 5) ** 2 + 2, 0)
          : null,
        clockFrom: clock,
        atJoint: st.unit(k, salt + 6) < 0.3,
      };
      const length = st.between(k, salt + 7, 1, 8);
      if (def.continuousAllowed && st.unit(k, salt + 7) < 0.3 && at + length < surveyed) {
        group++;
        drafts.push({ ...draft, continuous: 'S', continuousGroup: group });
        drafts.push({ ...draft, distanceM: round(at + length, 2), continuous: 'F', continuousGroup: group });
      } else {
        drafts.push(draft);
      }
    }
    drafts.push({
      ...base,
      distanceM: surveyed,
      code: abandoned ? 'XAB' : 'XFI',
      remark: abandoned ? 'Camera could not pass an obstruction' : null,
    });
    // Stable order by distance, start of survey first and its end last.
    const order = (d: Draft) =>
      d.code === 'XST' ? -2 : d.code === 'IWL' ? -1 : d.code === 'XFI' || d.code === 'XAB' ? 2 : 0;
    const sorted = drafts
      .map((d, n) => ({ d, n }))
      .sort((a, b) => order(a.d) - order(b.d) || a.d.distanceM - b.d.distanceM || a.n - b.n)
      .map((x) => x.d);
    return sorted.map((d, n) => ({
      ...d,
      id: inspectionId * 100 + n + 1,
      inspectionId,
      sequence: n + 1,
      grade: d.continuous === 'F' ? gradeOf(d, sorted) : gradeObservation(CODES.get(d.code)!, d),
      // The crawler moves at a steady pace and stops about 8 s for each observation coded.
      videoOffsetMs: Math.round((d.distanceM / CRAWLER_SPEED) * 1000) + n * 8000,
    }));
  }

  /** Positions surveyed with GNSS for about one manhole in ten, as crews collect them in the field. */
  collectedLocations(): LocationRecord[] {
    const st = this.st('location');
    const out: LocationRecord[] = [];
    for (let i = 1; i < this.nodeCount; i++) {
      if (st.unit(i) >= 0.1) continue;
      const node = this.node(i);
      const [lon, lat] = node.coords[0]!;
      const accuracy = round(st.between(i, 1, 0.02, 3), 2);
      const captured = new Date(Date.UTC(2025, 5, 2) + st.int(i, 2, 0, 120 * 24 * 60) * 60_000);
      const satellites = st.int(i, 3, 7, 19);
      const hdop = round(st.between(i, 4, 0.6, 2.4), 1);
      out.push({
        objectType: 'node',
        objectId: node.id,
        longitude: round(lon + st.between(i, 5, -1, 1) * accuracy * 1.4e-5, 8),
        latitude: round(lat + st.between(i, 6, -1, 1) * accuracy * 9e-6, 8),
        altitude: node.coverLevelM!,
        horizontalAccuracy: accuracy,
        capturedAt: captured.toISOString(),
        gps: {
          height: round(node.coverLevelM! + 47.6, 2),
          fixQuality: accuracy < 0.1 ? 4 : accuracy < 1 ? 5 : 2,
          satellites,
          asnr: st.int(i, 7, 32, 48),
          hdop,
          pdop: round(hdop * 1.6, 1),
          vdop: round(hdop * 1.3, 1),
          localTime: captured.toISOString(),
          utcTime: captured.toISOString(),
          mode: 'A',
          dgpsAge: accuracy < 1 ? st.int(i, 8, 1, 9) : null,
          dgpsId: accuracy < 1 ? '0042' : null,
          fix3d: true,
        },
        collectedBy: OPERATORS[i % OPERATORS.length]!,
      });
    }
    return out;
  }

  /** Each demo user's pinned and recently opened assets and inspections. */
  shortcuts(): ShortcutRecord[] {
    const out: ShortcutRecord[] = [];
    const st = this.st('shortcut');
    const logins = ['admin', 'editor', 'inspector', 'guest', 'syncer'];
    logins.forEach((login, u) => {
      for (let n = 0; n < 8; n++) {
        const k = Math.floor(st.unit(u, n) * DEMO_INSPECTIONS);
        const lastUsedAt = new Date(Date.UTC(2025, 11, 1) + (u * 8 + n) * 3_600_000).toISOString();
        out.push({ login, kind: 'inspection', objectId: k + 1, pinned: n < 2, lastUsedAt });
        out.push({ login, kind: 'asset', objectId: this.inspection(k).assetId, pinned: n < 3, lastUsedAt });
      }
    });
    // The same object drawn twice for one user is one shortcut.
    const seen = new Set<string>();
    return out.filter((s) => {
      const key = `${s.login}/${s.kind}/${s.objectId}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  }

  subjects(): SubjectRecord[] {
    const st = this.st('subject');
    const out: SubjectRecord[] = [];
    for (let n = 0; n < 60; n++) {
      const k = Math.floor(st.unit(n) * this.sectionCount);
      const section = this.section(k);
      const [a, b] = section.coords as [Wgs84Point, Wgs84Point];
      const kind = (['root-source', 'root-source', 'hazard', 'note'] as const)[n % 4]!;
      out.push({
        id: n + 1,
        kind,
        label:
          kind === 'root-source'
            ? `Tree near ${section.code}`
            : kind === 'hazard'
              ? `Traffic hazard at ${section.street}`
              : `Access note for ${section.code}`,
        assetId: section.id,
        coords: [round((a[0] + b[0]) / 2 + 0.00005, 8), round((a[1] + b[1]) / 2 + 0.00003, 8)],
        connectedId: n % 2 === 0 ? n / 2 + 1 : null,
      });
    }
    return out;
  }
}

/** The finish of a continuous defect carries its start's grade. */
function gradeOf(finish: { code: string; continuousGroup: number | null }, all: Recordable[]): number | null {
  const start = all.find((o) => o.continuous === 'S' && o.continuousGroup === finish.continuousGroup);
  return start ? gradeObservation(CODES.get(start.code)!, start) : null;
}
type Recordable = {
  code: string;
  continuous: 'S' | 'F' | null;
  continuousGroup: number | null;
  characterisation: string | null;
  quantification1: number | null;
};

/** Each inspected asset's condition, from its latest completed inspection (scoring.ts). */
export function conditionsOf(inspections: InspectionRecord[]): Map<number, { grade: number; inspectionId: number }> {
  const byAsset = new Map<number, InspectionRecord[]>();
  for (const i of inspections) byAsset.set(i.assetId, [...(byAsset.get(i.assetId) ?? []), i]);
  const out = new Map<number, { grade: number; inspectionId: number }>();
  for (const [assetId, list] of byAsset) {
    const c = assetCondition(
      list.map((i) => ({ id: i.id, status: i.status, inspectedAt: new Date(i.inspectedAt), scores: i.scores })),
    );
    if (c) out.set(assetId, c);
  }
  return out;
}
