import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/controls/Button';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import {
  hideAllNotifications,
  hideNotification,
  NOTIFICATION_AUTO_HIDE_MS,
  type Notification,
} from './notificationsSlice';
import './NotificationArea.css';

function NotificationCard({ notification }: { notification: Notification }) {
  const dispatch = useAppDispatch();
  const { id, autoHide, type, title, text, link } = notification;

  useEffect(() => {
    if (!autoHide) return;
    const timer = setTimeout(() => dispatch(hideNotification(id)), NOTIFICATION_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [autoHide, id, dispatch]);

  const urgent = type === 'error' || type === 'warning';
  return (
    <div
      className={`mw-notification mw-notification--${type}`}
      role={urgent ? 'alert' : 'status'}
      data-testid="notification"
    >
      <p className="mw-notification__title">{title}</p>
      <button
        type="button"
        className="mw-notification__close"
        aria-label={`Dismiss notification: ${title}`}
        onClick={() => dispatch(hideNotification(id))}
      >
        ×
      </button>
      {text && <p className="mw-notification__text">{text}</p>}
      {link && (
        <Link className="mw-notification__link" to={link.path} onClick={() => dispatch(hideNotification(id))}>
          {link.text}
        </Link>
      )}
    </div>
  );
}

export function NotificationArea() {
  const items = useAppSelector((state) => state.notifications.items);
  const dispatch = useAppDispatch();
  if (items.length === 0) return null;
  return (
    <section className="mw-notifications" aria-label="Notifications">
      {items.map((notification) => (
        <NotificationCard key={notification.id} notification={notification} />
      ))}
      {items.length > 1 && (
        <Button className="mw-notifications__dismiss-all" onClick={() => dispatch(hideAllNotifications())}>
          Dismiss all
        </Button>
      )}
    </section>
  );
}
