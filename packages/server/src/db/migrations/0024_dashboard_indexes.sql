-- Issue #20 (dashboards). A widget over an asset type aggregates every asset of that type (length of
-- sections by condition grade, the average grade by district, the network's length): on the
-- 1M-asset network each read the 200,000 sections' heap rows, geometry and all (about 110 ms a
-- widget). This index holds, per type, the columns widgets group by and measure, so those aggregates
-- are index-only scans of it (about 40 ms); led by the condition grade, it also serves filters on the
-- grade ("Very poor sections"). bench/dashboards.ts measures it.
CREATE INDEX assets_widget_idx ON assets (object_type, condition_grade)
  INCLUDE (subtype, material, district, year_built, lifecycle_status, length_m, size_mm);
