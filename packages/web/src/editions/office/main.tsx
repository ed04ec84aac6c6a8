import { createEditionRoutes } from '../../shell/app/editionRoutes';
import { startEdition } from '../../shell/app/startEdition';
import { OfficeHome } from './OfficeHome';
import { OFFICE_PAGES } from './officePages';

startEdition('web-office', createEditionRoutes({ home: <OfficeHome />, pages: OFFICE_PAGES }));
