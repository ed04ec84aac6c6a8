import { useState } from 'react';
import { Button } from '../../../ui/controls/Button';
import { DateTimePickerModal } from '../../../ui/date-time/DateTimePickerModal';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { GalleryExample, GallerySection } from './GallerySection';

const SURVEY_DATE = '1897-06-22T09:30:00.000Z';

export function DateTimeDemo() {
  const [picking, setPicking] = useState(false);
  const [inspectionAt, setInspectionAt] = useState<string | null>(null);

  return (
    <GallerySection
      id="date-time"
      title="Date and time"
      files={[
        ['DateTimePickerModal', 'ui/date-time/DateTimePickerModal.tsx'],
        ['DateTimeText', 'ui/date-time/DateTimeText.tsx'],
        ['time rounding', '@manway/core/rules/time-rounding.ts'],
      ]}
      description="The picker: a calendar you can drive with the arrow, Page and Home/End keys, years 1800 to 2049, and times in 15-minute steps plus 11:59 PM. Opening on no value starts at now, here rounded up to the next quarter hour. The display shows day, month, year and hour:minute in the user's locale."
    >
      <GalleryExample title="Picker">
        <Button onClick={() => setPicking(true)}>Schedule inspection</Button>
        <p className="mw-gallery-note">
          Scheduled:{' '}
          <output className="mw-gallery-value" data-testid="scheduled-at">
            {inspectionAt ? <DateTimeText value={inspectionAt} /> : 'not yet'}
          </output>
        </p>
      </GalleryExample>
      <GalleryExample title="Display">
        <dl className="mw-gallery-facts mw-gallery-facts--compact">
          <dt>Date and time</dt>
          <dd>
            <DateTimeText value={SURVEY_DATE} />
          </dd>
          <dt>Date only</dt>
          <dd>
            <DateTimeText value={SURVEY_DATE} show="date" />
          </dd>
          <dt>Not a date</dt>
          <dd>
            <DateTimeText value="sometime in 1950" />
          </dd>
        </dl>
      </GalleryExample>
      {picking && (
        <DateTimePickerModal
          title="Schedule inspection"
          value={inspectionAt}
          roundNowToTimeStep
          onApply={setInspectionAt}
          onClose={() => setPicking(false)}
        />
      )}
    </GallerySection>
  );
}
