/**
 * A shared link opened in the office or the inspect edition: the shared-links feature asks what it
 * shares, and this shows it with the features that own it. An asset opens on the map, centred, with
 * its details; a search opens on the map with its results, narrowed to what it found when it was
 * shared (as a dashboard's drill-down hands one over); a dashboard is drawn here, read-only.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdditionalRestrictions, FilterDefinition } from '@manway/core/api/filters';
import type { ResolvedSharedLink } from '@manway/core/api/shared-links';
import { SharedDashboard } from '../features/dashboards/components/SharedDashboard';
import { MAP_LAYERS } from '../features/map/styleTable';
import { SharedLinkHeader, SharedLinkPage } from '../features/shared-links/components/SharedLinkPage';
import { objectHandOverState } from '../shell/app/objectHandOver';
import { searchHandOverState } from '../shell/app/searchHandOver';
import { UNEXPECTED_ERROR } from '../shell/errors/catalogue';
import { LoadingStatus } from '../ui/Spinner';

const isMapLayer = (type: string) => (MAP_LAYERS as readonly string[]).includes(type);

/** The router state that opens the link's target on the map; null when it is not shown there. */
function mapStateOf(link: ResolvedSharedLink): Record<string, unknown> | null {
  const target = link.target;
  if (target.kind === 'object') {
    if (!isMapLayer(target.objectType)) return null;
    return objectHandOverState({ objectType: target.objectType, objectId: target.objectId, position: target.position });
  }
  if (target.kind !== 'search') return null;
  const filter = FilterDefinition.safeParse(target.filter);
  const restrictions = AdditionalRestrictions.optional().safeParse(target.additionalRestrictions);
  if (!filter.success || !restrictions.success) return null;
  return searchHandOverState({
    filter: filter.data,
    // What it found then, unless it found more than a link keeps: then the search as it ran.
    additionalRestrictions: target.found.more ? restrictions.data : { ...restrictions.data, ids: target.found.ids },
    title: `${link.title} · shared by ${link.sharedBy}`,
  });
}

function SharedTarget({
  link,
  token,
  objectPath,
}: {
  link: ResolvedSharedLink;
  token: string;
  objectPath?: (type: string, id: number) => string | null;
}) {
  const navigate = useNavigate();
  const mapState = mapStateOf(link);
  const target = link.target;
  const elsewhere = target.kind === 'object' && !mapState ? objectPath?.(target.objectType, target.objectId) : null;
  useEffect(() => {
    // In place of the link's page, so Back leaves the link rather than opening it again.
    if (mapState) void navigate('/', { replace: true, state: mapState });
    else if (elsewhere) void navigate(elsewhere, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening
  }, []);
  if (mapState || elsewhere) return <LoadingStatus className="mw-page-loading" />;

  let body: ReactNode;
  switch (target.kind) {
    case 'dashboard':
      body = <SharedDashboard token={token} dashboard={target} />;
      break;
    case 'object':
      body = (
        <p>
          {target.objectType} <strong>{target.readableId}</strong>
        </p>
      );
      break;
    case 'search':
      // A search whose definition this version cannot read.
      body = (
        <p role="alert">
          {UNEXPECTED_ERROR.title}. <Link to="/">Go to the home page</Link>
        </p>
      );
      break;
  }
  return (
    <div className="mw-shared-link-view">
      <SharedLinkHeader link={link} />
      {body}
    </div>
  );
}

/** The page at /shared/{token}; `objectPath` names where the edition opens an object the map does not show. */
export function SharedLinkView({ objectPath }: { objectPath?: (type: string, id: number) => string | null }) {
  return (
    <SharedLinkPage
      renderTarget={(link, token) => <SharedTarget key={token} link={link} token={token} objectPath={objectPath} />}
    />
  );
}
