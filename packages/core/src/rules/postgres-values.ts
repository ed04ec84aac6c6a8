/**
 * Values that cross the wire into PostgreSQL columns, checked before they reach it: a text
 * PostgreSQL would refuse (a 13th month, year 10000, hex that is not a geometry) must be a 400
 * naming the field, never a failed statement. The rules are PostgreSQL's, narrowed to what the
 * product uses (its date pickers allow 1800–2049; records stay within 1800–2200).
 */

export const FIRST_YEAR = 1800;
export const LAST_YEAR = 2200;

export const SMALLINT = { min: -32_768, max: 32_767 } as const;
export const INTEGER = { min: -2_147_483_648, max: 2_147_483_647 } as const;

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|([+-])(\d{2})(?::?(\d{2}))?)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function dateProblem(y: string, m: string, d: string): string | undefined {
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < FIRST_YEAR || year > LAST_YEAR) return `The year must be between ${FIRST_YEAR} and ${LAST_YEAR}.`;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return 'There is no such day.';
  return undefined;
}

/**
 * Why an ISO 8601 timestamp with its offset (`2024-05-01T08:30:00.123+02:00`, or `Z`) cannot be
 * stored, or undefined when it can.
 */
export function timestampProblem(text: string): string | undefined {
  const m = TIMESTAMP.exec(text);
  if (!m) return 'Use an ISO 8601 date and time with its offset, e.g. 2024-05-01T08:30:00Z.';
  const [, y, mo, d, h, mi, s, , oh, om] = m;
  const day = dateProblem(y!, mo!, d!);
  if (day) return day;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return 'There is no such time of day.';
  // PostgreSQL refuses offsets of 16 hours and more.
  if (oh !== undefined && (Number(oh) > 15 || Number(om ?? 0) > 59)) return 'The offset from UTC is out of range.';
  return undefined;
}

/** Why an ISO date (`2024-05-01`) cannot be stored, or undefined when it can. */
export function dateOnlyProblem(text: string): string | undefined {
  const m = DATE.exec(text);
  if (!m) return 'Use an ISO 8601 date, e.g. 2024-05-01.';
  return dateProblem(m[1]!, m[2]!, m[3]!);
}

/** The geometry types an asset may have (object types are points, lines or polygons). */
const POINT = 1;
const LINESTRING = 2;
const POLYGON = 3;
const WGS84 = 4326;

/**
 * Why a hex text is not an extended WKB point, line string or polygon in WGS 84 that PostGIS reads
 * into an asset's geometry column, or undefined when it is. Checks what PostGIS would refuse: the
 * structure and length, the SRID the column demands, a line of one point, an unclosed or short ring.
 */
export function ewkbProblem(hex: string): string | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return 'Use hexadecimal digits in pairs.';
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const need = (n: number) => {
    if (at + n > bytes.length) throw new RangeError('short');
  };
  try {
    need(5);
    const order = bytes[at++];
    if (order !== 0 && order !== 1) return 'Not a well-known binary geometry (byte order).';
    const little = order === 1;
    const u32 = () => {
      need(4);
      const v = view.getUint32(at, little);
      at += 4;
      return v;
    };
    const type = u32();
    const hasZ = (type & 0x80000000) !== 0;
    const hasM = (type & 0x40000000) !== 0;
    const hasSrid = (type & 0x20000000) !== 0;
    const base = type & 0x0fffffff;
    if (!hasSrid || u32() !== WGS84) return `The geometry must carry SRID ${WGS84} (WGS 84).`;
    if (base !== POINT && base !== LINESTRING && base !== POLYGON) return 'Use a point, line string or polygon.';
    const dims = 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0);
    const points = (n: number) => {
      need(n * dims * 8);
      for (let i = 0; i < n * dims; i++) {
        if (!Number.isFinite(view.getFloat64(at, little))) throw new TypeError('not finite');
        at += 8;
      }
    };
    if (base === POINT) points(1);
    else if (base === LINESTRING) {
      const n = u32();
      if (n === 1) return 'A line string needs at least two points.';
      points(n);
    } else {
      const rings = u32();
      for (let r = 0; r < rings; r++) {
        const n = u32();
        if (n < 4) return 'A polygon ring needs at least four points.';
        const first = at;
        points(n);
        const last = at - dims * 8;
        for (let k = 0; k < 2 * 8; k++) {
          if (bytes[first + k] !== bytes[last + k]) return 'A polygon ring must end where it starts.';
        }
      }
    }
    if (at !== bytes.length) return 'The geometry has bytes after its end.';
    return undefined;
  } catch (error) {
    if (error instanceof TypeError) return 'Coordinates must be finite numbers.';
    return 'The geometry ends before its last coordinate.';
  }
}
