import type { ThunkAction, ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';
import type { ShellExtra } from './extra';
import type { RootState } from './rootReducer';

export type AppDispatch = ThunkDispatch<RootState, ShellExtra, UnknownAction>;
export type AppThunk<R = void> = ThunkAction<R, RootState, ShellExtra, UnknownAction>;
export type AppStartListening = TypedStartListening<RootState, AppDispatch, ShellExtra>;
