import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** How long a notification flagged autoHide stays on screen (spec section 9). */
export const NOTIFICATION_AUTO_HIDE_MS = 3000;

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface NotificationLink {
  /** A route inside the current edition, e.g. "/reports". */
  path: string;
  text: string;
}

export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  text?: string;
  link?: NotificationLink;
  autoHide: boolean;
}

/** Successes and information go away by themselves unless told otherwise; problems stay until read. */
export type NotificationInput = Omit<Notification, 'id' | 'autoHide'> & { autoHide?: boolean };

export interface NotificationsState {
  items: Notification[];
}

const initialState: NotificationsState = { items: [] };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    showNotification: {
      reducer(state, action: PayloadAction<Notification>) {
        // A fresh success makes earlier ones stale ("saved" twice is noise), so it takes their place.
        if (action.payload.type === 'success') state.items = state.items.filter((n) => n.type !== 'success');
        state.items.push(action.payload);
      },
      prepare(input: NotificationInput) {
        const autoHide = input.autoHide ?? (input.type === 'success' || input.type === 'info');
        return { payload: { ...input, id: nanoid(), autoHide } };
      },
    },
    hideNotification(state, action: PayloadAction<string>) {
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
    hideAllNotifications(state) {
      state.items = [];
    },
  },
});

export const { showNotification, hideNotification, hideAllNotifications } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
