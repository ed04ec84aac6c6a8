import { createEditionRoutes } from '../../shell/app/editionRoutes';
import { startEdition } from '../../shell/app/startEdition';
import { OfficeHome } from './OfficeHome';

startEdition('web-office', createEditionRoutes({ home: <OfficeHome /> }));
