import { useState } from 'react';
import { Pager } from '../../../ui/pager/Pager';
import { GalleryExample, GallerySection } from './GallerySection';

const INSPECTION_PAGES = 42;
const REPORT_PAGES = 5;

export function PagerDemo() {
  const [inspectionPage, setInspectionPage] = useState(0);
  const [reportPage, setReportPage] = useState(0);
  return (
    <GallerySection
      id="pager"
      title="Pager"
      files={[['Pager', 'ui/pager/Pager.tsx']]}
      description="'N of M' with previous and next; optionally first and last, and a page number to type (digits only, kept within 1 to M, applied on Enter). Zero-based inside, shown plus one."
    >
      <GalleryExample title="First, last and manual entry">
        <Pager
          label="Inspection pages"
          pageIndex={inspectionPage}
          pageCount={INSPECTION_PAGES}
          onPageChange={setInspectionPage}
          showFirstAndLast
          allowManualEntry
        />
        <p className="mw-gallery-note" data-testid="pager-demo-index">
          onPageChange gave index {inspectionPage}
        </p>
      </GalleryExample>
      <GalleryExample title="Previous and next only">
        <Pager label="Report pages" pageIndex={reportPage} pageCount={REPORT_PAGES} onPageChange={setReportPage} />
      </GalleryExample>
      <GalleryExample title="Disabled">
        <Pager label="Disabled pages" pageIndex={2} pageCount={9} onPageChange={() => undefined} disabled />
      </GalleryExample>
    </GallerySection>
  );
}
