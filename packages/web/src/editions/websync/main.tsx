import { startEdition } from '../../shell/app/startEdition';
import { websyncRoutes } from './websyncRoutes';

startEdition('web-websync', websyncRoutes());
