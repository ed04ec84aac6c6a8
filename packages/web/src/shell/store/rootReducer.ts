import { combineReducers } from '@reduxjs/toolkit';
import { busyReducer } from '../busy/busySlice';
import { confirmReducer } from '../confirm/confirmSlice';
import { errorPageReducer } from '../errors/errorPageSlice';
import { notificationsReducer } from '../notifications/notificationsSlice';
import { shellApi } from '../request/api';
import { requestLogReducer } from '../request/requestLogSlice';
import { settingsReducer } from '../settings/settingsSlice';
import { unsavedReducer } from '../unsaved/unsavedSlice';

export const rootReducer = combineReducers({
  settings: settingsReducer,
  notifications: notificationsReducer,
  confirm: confirmReducer,
  busy: busyReducer,
  errorPage: errorPageReducer,
  unsaved: unsavedReducer,
  requests: requestLogReducer,
  [shellApi.reducerPath]: shellApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
