import { useResizeWatcher } from './resizeWatcher';

/**
 * Browsers say nothing about an on-screen keyboard, but it shrinks the window well below the
 * screen; more than 250 px of difference is taken to be the keyboard rather than browser chrome.
 */
export const SOFT_KEYBOARD_MIN_HEIGHT_PX = 250;

export function isSoftKeyboardVisible(screenHeight: number, windowHeight: number): boolean {
  return screenHeight - windowHeight > SOFT_KEYBOARD_MIN_HEIGHT_PX;
}

function readSoftKeyboardVisible(): boolean {
  return isSoftKeyboardVisible(window.screen.height, window.innerHeight);
}

/** Whether the on-screen keyboard seems to be up, for hiding bottom bars and floating buttons. */
export function useSoftKeyboardVisible(): boolean {
  return useResizeWatcher(readSoftKeyboardVisible);
}
