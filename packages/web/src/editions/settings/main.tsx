import { createEditionRoutes } from '../../shell/app/editionRoutes';
import { startEdition } from '../../shell/app/startEdition';
import { SettingsHome } from './SettingsHome';

startEdition('web-settings', createEditionRoutes({ home: <SettingsHome /> }));
