/** POST api/dashboard/drill (ours): a group drawn on a widget as a search the map can run. */
import { DrillResult, type DrillResult as DrillResultType } from '@manway/core/api/dashboards';
import type { Widget } from '@manway/core/domain/widgets';
import { shellApi } from '../../../shell/request/api';

const drillApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    drillWidget: build.mutation<DrillResultType, { widget: Widget; key: string }>({
      query: ({ widget, key }) => ({
        url: 'api/dashboard/drill',
        method: 'POST',
        body: { Widget: widget, Key: key },
      }),
      transformResponse: (data: unknown) => DrillResult.parse(data),
    }),
  }),
});

export const { useDrillWidgetMutation } = drillApi;
