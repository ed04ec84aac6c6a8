/**
 * The location editor of one object (spec section 4: view, edit, confirm, cancel, clear). It reads
 * coordinates in any of the four notations, takes a point picked on the map or the device's GPS
 * fix (asking 'Use these coordinates anyway?' when that fix is too inaccurate), and saves with the
 * version it read.
 */
import { useEffect, useRef, useState } from 'react';
import type { LocationValue } from '@manway/core/api/locations';
import { formatCoordinatePair, isLowAccuracy, LOW_ACCURACY_QUESTION } from '@manway/core/rules/coordinates';
import { confirm } from '../../../shell/confirm/confirm';
import { useEditModeAvailable } from '../../../shell/editMode';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch, useAppSelector } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { TextField } from '../../../ui/fields/TextField';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetLocationQuery, useSaveLocationMutation } from '../api/location';
import { readCoordinateEntry } from '../coordinateEntry';
import { CLEARED, draftFrom, fromPoint, typed, updateFrom, type LocationDraft } from '../locationDraft';
import type { LocationMap } from '../mapSurface';
import { FAILURE_TEXTS, failureOf, fixFromPosition } from '../positionFix';
import './location.css';

const SOURCE_LABELS: Record<LocationValue['source'], string> = {
  collected: 'Collected',
  'imported-from-gis': 'Imported from GIS',
};

export interface ObjectLocationProps {
  object: { type: string; id: number };
  map: LocationMap;
  geolocation?: Geolocation;
}

export function ObjectLocation({ object, map, geolocation = navigator.geolocation }: ObjectLocationProps) {
  const dispatch = useAppDispatch();
  const canEdit = useEditModeAvailable();
  const accuracySettings = useAppSelector((state) => state.settings.data?.accuracySettings);
  const format = map.coordinateFormat;
  // The object may be its whole details: the location is read and cached by type and id only.
  const located = { type: object.type, id: object.id };
  const location = useGetLocationQuery(located, { refetchOnMountOrArgChange: true });
  const [saveLocation, { isLoading: saving }] = useSaveLocationMutation();
  const [draft, setDraft] = useState<LocationDraft | null>(null);
  const [picking, setPicking] = useState(false);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const editing = draft !== null;
  // The editor opens at the foot of a long details panel: bring its field and buttons into view.
  useEffect(() => {
    if (editing) sectionRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [editing]);

  const entry = draft ? readCoordinateEntry(draft.text) : null;
  const marked = entry?.ok ? entry.pair : null;
  useEffect(() => {
    map.setEditedLocation(marked ? [marked.longitude, marked.latitude] : null);
  }, [map, marked?.longitude, marked?.latitude]); // eslint-disable-line react-hooks/exhaustive-deps
  // Leaving the editor takes its mark and any pending pick with it.
  useEffect(
    () => () => {
      map.setEditedLocation(null);
      map.cancelPick();
    },
    [map],
  );

  if (location.isError)
    return (
      <section className="mw-location" aria-label="Location">
        <p className="mw-location__hint">The location could not be loaded.</p>
      </section>
    );

  if (location.currentData === undefined) return <LoadingStatus />;
  const current = location.currentData;

  const startEditing = () => {
    setProblem(null);
    setDraft(draftFrom(current, format));
  };

  const stopEditing = () => {
    map.cancelPick();
    setPicking(false);
    setDraft(null);
  };

  const pick = async () => {
    setPicking(true);
    const point = await map.pickPoint();
    setPicking(false);
    if (point) setDraft(fromPoint({ longitude: point[0], latitude: point[1] }, format));
  };

  const takeMyPosition = () => {
    if (!geolocation) {
      setProblem(FAILURE_TEXTS.unsupported);
      return;
    }
    setLocating(true);
    setProblem(null);
    geolocation.getCurrentPosition(
      async (position) => {
        setLocating(false);
        const fix = fixFromPosition(position);
        const accuracy = fix.horizontalAccuracy ?? Number.NaN;
        if (accuracySettings && isLowAccuracy(accuracy, accuracySettings)) {
          const accepted = await dispatch(
            confirm({
              type: 'normal',
              title: LOW_ACCURACY_QUESTION,
              text: Number.isFinite(accuracy)
                ? `This position is accurate to ± ${accuracy.toFixed(0)} m only; positions are trusted to ${accuracySettings.threshold} ${accuracySettings.unit}.`
                : 'The device did not say how accurate this position is.',
              proceedButtonText: 'Use them',
              cancelButtonText: 'Discard',
            }),
          );
          if (!accepted) return;
        }
        const { altitude, horizontalAccuracy, capturedTime, gps } = fix;
        setDraft(fromPoint(fix, format, { altitude, horizontalAccuracy, capturedTime, gps }));
      },
      (error) => {
        setLocating(false);
        setProblem(FAILURE_TEXTS[failureOf(error)]);
      },
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 0 },
    );
  };

  const save = async () => {
    if (!draft) return;
    const result = updateFrom(draft, current?.version ?? null, new Date());
    if (!result.ok) return;
    setProblem(null);
    const saved = await saveLocation({ ...located, update: result.update });
    if ('data' in saved) {
      stopEditing();
      dispatch(showNotification({ type: 'success', title: 'Location saved' }));
    }
    // The request showed the catalogue's 'Another user modified the same item'; what they saved is read again.
    else if ('status' in saved.error && saved.error.status === 409) stopEditing();
  };

  return (
    <section ref={sectionRef} className="mw-location" aria-labelledby="mw-location-title" data-testid="object-location">
      <h3 id="mw-location-title" className="mw-location__title">
        Location
      </h3>
      {problem && (
        <p className="mw-location__error" role="alert">
          {problem}
        </p>
      )}
      {draft === null ? (
        <>
          {current ? (
            <dl className="mw-map-card__facts">
              <dt>Coordinates</dt>
              <dd className="mw-location__coordinates" data-testid="location-coordinates">
                {formatCoordinatePair(current, format)}
              </dd>
              <dt>Source</dt>
              <dd>{SOURCE_LABELS[current.source]}</dd>
              <dt>Accuracy</dt>
              <dd>{current.horizontalAccuracy === null ? '—' : `± ${current.horizontalAccuracy.toFixed(1)} m`}</dd>
              <dt>Captured</dt>
              <dd>{current.capturedTime ? new Date(current.capturedTime).toLocaleString() : '—'}</dd>
            </dl>
          ) : (
            <p className="mw-location__hint">No location recorded.</p>
          )}
          <div className="mw-location__actions">
            {current && (
              <Button onClick={() => map.centreOn([current.longitude, current.latitude])}>Show on map</Button>
            )}
            {canEdit && (
              <Button variant="primary" onClick={startEditing}>
                Edit location
              </Button>
            )}
          </div>
        </>
      ) : (
        <>
          <TextField
            label="Coordinates"
            value={draft.text}
            onChange={(text) => setDraft(typed(text))}
            placeholder={`47°22'35.5"N 8°32'28.1"E`}
            autoComplete="off"
          />
          {entry && !entry.ok && draft.text.trim() !== '' && (
            <p className="mw-location__error" role="status">
              {entry.message}
            </p>
          )}
          {entry?.ok && (
            <p className="mw-location__reading" data-testid="location-reading">
              Reads as {formatCoordinatePair(entry.pair, format)}
              {draft.fix?.horizontalAccuracy != null && ` (± ${draft.fix.horizontalAccuracy.toFixed(0)} m)`}
            </p>
          )}
          {picking && (
            <p className="mw-location__hint" role="status">
              Click the map where the object is.
            </p>
          )}
          <div className="mw-location__actions">
            {picking ? (
              <Button onClick={() => map.cancelPick()}>Stop picking</Button>
            ) : (
              <Button onClick={() => void pick()}>Pick on map</Button>
            )}
            <Button onClick={takeMyPosition} disabled={locating}>
              {locating ? 'Locating…' : 'Use my position'}
            </Button>
            <Button variant="ghost" onClick={() => setDraft(CLEARED)} disabled={draft.text === ''}>
              Clear
            </Button>
          </div>
          <div className="mw-location__actions mw-location__confirm">
            <Button onClick={stopEditing}>Cancel</Button>
            <Button variant="primary" onClick={() => void save()} disabled={!entry?.ok || saving}>
              {saving ? 'Saving…' : 'Confirm'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
