import { createEditionRoutes } from '../../shell/app/editionRoutes';
import { startEdition } from '../../shell/app/startEdition';
import { WebSyncHome } from './WebSyncHome';

startEdition('web-websync', createEditionRoutes({ home: <WebSyncHome /> }));
