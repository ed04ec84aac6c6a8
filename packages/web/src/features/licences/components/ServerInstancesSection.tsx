/**
 * The licence's instance limit on the Licences page: the server processes running over the database,
 * oldest first, and how many may serve pages. Those past the limit answer their pages with the
 * spec's instance-limit page.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { IntegerField } from '../../../ui/fields/IntegerField';
import { LoadingStatus } from '../../../ui/Spinner';
import { POLL_MS } from '../api/licences';
import { useGetServerInstancesQuery, useSetInstanceLimitMutation } from '../api/serverInstances';
import '../../../ui/table/table.css';

export const INSTANCES_CONFLICT_TEXT = 'Another administrator changed the instance limit. It has been reloaded.';

export function ServerInstancesSection() {
  const titleId = useId();
  const instances = useGetServerInstancesQuery(undefined, {
    pollingInterval: POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  const [setLimit, saving] = useSetInstanceLimitMutation();
  // undefined: not edited; null: "no limit" typed (the field emptied).
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const [conflict, setConflict] = useState(false);
  const data = instances.data;
  const limit = draft === undefined ? (data?.limit ?? null) : draft;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!data || draft === undefined) return;
    setConflict(false);
    try {
      await setLimit({ limit: draft, version: data.version }).unwrap();
      setDraft(undefined);
    } catch (error) {
      if ((error as { status?: unknown }).status === 409) {
        setDraft(undefined);
        setConflict(true);
      }
      // Anything else has been told by the global handling; the edit stays for another try.
    }
  };

  return (
    <section className="mw-licences__seats" aria-labelledby={titleId}>
      <div className="mw-licences__seats-head">
        <h2 id={titleId}>Server instances</h2>
      </div>
      {!data ? (
        instances.isError ? (
          <p role="alert">The server instances could not be loaded. Please try refreshing the page.</p>
        ) : (
          <LoadingStatus className="mw-page-loading" />
        )
      ) : (
        <>
          <form className="mw-licences__instances-form" onSubmit={(event) => void submit(event)} noValidate>
            <IntegerField
              label="Instance limit"
              hint="Empty: no limit. The oldest running instances within it serve pages."
              value={limit}
              onChange={(value) => {
                setConflict(false);
                setDraft(value === data.limit ? undefined : value);
              }}
              rules={{ min: 1, max: 1000 }}
            />
            <Button
              type="submit"
              variant="primary"
              disabled={draft === undefined || (draft !== null && draft < 1) || saving.isLoading}
            >
              {saving.isLoading ? 'Saving…' : 'Save'}
            </Button>
          </form>
          {conflict && (
            <p className="mw-licence__message" role="alert">
              {INSTANCES_CONFLICT_TEXT}
            </p>
          )}
          <div className="mw-table-wrap">
            <table className="mw-table mw-licences__table" aria-label="Server instances running">
              <thead>
                <tr>
                  <th scope="col">Host</th>
                  <th scope="col">Started</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.instances.map((instance) => (
                  <tr key={instance.id}>
                    <td>
                      {instance.host} <span className="mw-licences__login">process {instance.pid}</span>
                      {instance.current && <span className="mw-licences__login"> (this one)</span>}
                    </td>
                    <td>
                      <DateTimeText value={instance.startedAt} />
                    </td>
                    <td>
                      <DateTimeText value={instance.lastSeen} />
                    </td>
                    <td>{instance.withinLimit ? 'Serving' : 'Past the limit: serves no pages'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
