// `npm run bench`: builds the web editions once (so start-up times measure the server), then runs
// each benchmark and prints its comparison table. The widget benchmark needs Chromium.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npm', ['run', 'build', '-w', '@manway/web']);
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/foundation.ts']);
// Authenticated calls per second beside bare Fastify and bare Node, on PGlite and PostgreSQL.
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/http.ts']);
// The widget pages are their own Vite entry (packages/web/bench), built apart from the product.
run('npx', ['vite', 'build', '--config', 'packages/web/bench/vite.config.ts']);
run(process.execPath, ['--import', 'tsx', 'packages/e2e/bench/widgets.ts']);
run(process.execPath, ['--import', 'tsx', 'packages/e2e/bench/mapFps.ts']);
// PGlite with 100,000 generated assets; PostgreSQL with 1,000,000 when DATABASE_URL is set.
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/network.ts']);
// Opening an inspection of 500 observations and posting photos with an observation (PGlite; PostgreSQL
// too when DATABASE_URL is set).
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/forms.ts']);
// A 1 GiB resumable upload beside a plain PUT, the server killed mid-upload of 4 GiB (bytes sent again,
// peak memory) and 1,000 thumbnails beside bare sharp (PGlite; the kill on PostgreSQL too when
// DATABASE_URL is set); BENCH_MEDIA_* make it smaller.
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/media.ts']);
// An XLSX of 100,000 rows × 15 columns (our writer and the whole asset-list report) beside a bare exceljs
// streaming writer, and the PDF inspection report of 1,000 observations beside a bare pdfkit loop;
// BENCH_REPORT_ROWS makes it smaller.
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/reports.ts']);
// Two systems on PostgreSQL (DATABASE_URL, else the local server): getting 100,000 assets and sending
// 5,000 inspections with 500 media files (1 GB); BENCH_SYNC_* make it smaller for a quick run.
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/sync.ts']);
// Bulk-create of 10,000 tasks from a saved filter, and the grid of 100,000 pending inspections, each beside
// its bare SQL; PostgreSQL (DATABASE_URL, else the local server) with 1,000,000 assets, PGlite smaller.
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/work.ts']);
// The default dashboard's six widgets over 1,000,000 assets on PostgreSQL (DATABASE_URL, else the local
// server; PGlite smaller), each widget's data beside its bare aggregate SQL; BENCH_DASHBOARD_* make it smaller.
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/dashboards.ts']);
// Licence seats on PostgreSQL (DATABASE_URL, else the local server): a page taking a seat and giving it back
// beside two bare UPDATEs by primary key, and 1,000 pages asking at once for 500 Inspect seats (service layer
// and HTTP), failing unless exactly 500 are granted; BENCH_SEATS_* make it smaller.
run(process.execPath, ['--import', 'tsx', 'packages/server/bench/seats.ts']);
