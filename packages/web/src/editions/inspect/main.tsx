import { createEditionRoutes } from '../../shell/app/editionRoutes';
import { startEdition } from '../../shell/app/startEdition';
import { InspectHome } from './InspectHome';
import { INSPECT_PAGES } from './inspectPages';

startEdition('web-inspect', createEditionRoutes({ home: <InspectHome />, pages: INSPECT_PAGES }));
