import { addListener, isAnyOf } from '@reduxjs/toolkit';
import type { AppThunk } from '../store/types';
import { confirmAccepted, confirmRejected, confirmShown, type ConfirmConfig } from './confirmSlice';

/**
 * Shows a confirmation and resolves true when the user proceeds, false when they cancel. A newer
 * confirmation takes the single slot and settles this one as false.
 */
export const confirm =
  (config: ConfirmConfig): AppThunk<Promise<boolean>> =>
  (dispatch) => {
    dispatch(confirmShown(config));
    return new Promise<boolean>((resolve) => {
      dispatch(
        addListener({
          matcher: isAnyOf(confirmAccepted, confirmRejected, confirmShown),
          effect: (action, listenerApi) => {
            listenerApi.unsubscribe();
            resolve(confirmAccepted.match(action));
          },
        }),
      );
    });
  };
