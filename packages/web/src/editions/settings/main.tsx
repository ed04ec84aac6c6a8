import { createEditionRoutes } from '../../shell/app/editionRoutes';
import { startEdition } from '../../shell/app/startEdition';
import { SettingsHome } from './SettingsHome';
import { SETTINGS_PAGES } from './settingsPages';

startEdition('web-settings', createEditionRoutes({ home: <SettingsHome />, pages: SETTINGS_PAGES }));
