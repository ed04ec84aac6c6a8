/** Add a widget: a new one of a type from widget-types, or one from the widget gallery. */
import { useState } from 'react';
import type { GalleryWidget } from '@manway/core/api/dashboards';
import type { WidgetType } from '@manway/core/domain/widgets';
import { confirm } from '../../../shell/confirm/confirm';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { BoundedModal } from '../../../ui/modal/Modal';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetWidgetTypesQuery } from '../api/dashboards';
import { useDeleteGalleryWidgetMutation, useGetGalleryQuery } from '../api/editingSessions';

type Tab = 'types' | 'gallery';

export function AddWidgetDialog({
  onPickType,
  onPickGallery,
  onCancel,
}: {
  onPickType(type: WidgetType): void;
  onPickGallery(item: GalleryWidget): void;
  onCancel(): void;
}) {
  const dispatch = useAppDispatch();
  const [tab, setTab] = useState<Tab>('types');
  const types = useGetWidgetTypesQuery();
  const gallery = useGetGalleryQuery(undefined, { skip: tab !== 'gallery' });
  const [deleteGallery] = useDeleteGalleryWidgetMutation();

  const remove = async (item: GalleryWidget) => {
    const yes = await dispatch(
      confirm({
        title: 'Delete this gallery widget?',
        text: `“${item.widget.title}” will be removed from the gallery.`,
        proceedButtonText: 'Delete',
      }),
    );
    if (yes)
      await deleteGallery(item.id)
        .unwrap()
        .catch(() => {});
  };

  return (
    <BoundedModal title="Add widget" onDismiss={onCancel} maxWidth="36rem">
      <div className="mw-dash-add__tabs" role="tablist" aria-label="Add from">
        {(['types', 'gallery'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className="mw-dash-add__tab"
            onClick={() => setTab(t)}
          >
            {t === 'types' ? 'New widget' : 'Widget gallery'}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'types' ? (
          types.data ? (
            <ul className="mw-dash-add__list">
              {types.data.map((t) => (
                <li key={t.type}>
                  <button type="button" className="mw-dash-add__choice" onClick={() => onPickType(t.type)}>
                    <strong>{t.label}</strong>
                    <span>{t.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <LoadingStatus />
          )
        ) : gallery.data ? (
          gallery.data.length === 0 ? (
            <p>No widgets</p>
          ) : (
            <ul className="mw-dash-add__list">
              {gallery.data.map((item) => (
                <li key={item.id} className="mw-dash-add__gallery-item">
                  <button type="button" className="mw-dash-add__choice" onClick={() => onPickGallery(item)}>
                    <strong>{item.widget.title}</strong>
                    <span>Added by {item.addedBy}</span>
                  </button>
                  {item.canDelete && (
                    <Button
                      variant="ghost"
                      aria-label={`Delete ${item.widget.title} from the gallery`}
                      onClick={() => void remove(item)}
                    >
                      Delete
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        ) : (
          <LoadingStatus />
        )}
      </div>
    </BoundedModal>
  );
}
