import { createEditionRoutes } from '../../shell/app/editionRoutes';
import { startEdition } from '../../shell/app/startEdition';
import { InspectHome } from './InspectHome';

startEdition('web-inspect', createEditionRoutes({ home: <InspectHome /> }));
