import { useState, type PointerEvent, type TouchEvent } from 'react';

/** The pointer and touch handlers a pressable element needs, composed with the caller's own. */
export interface PressHandlers<T extends Element> {
  onPointerDown?: (event: PointerEvent<T>) => void;
  onPointerUp?: (event: PointerEvent<T>) => void;
  onPointerLeave?: (event: PointerEvent<T>) => void;
  onPointerCancel?: (event: PointerEvent<T>) => void;
  onTouchStart?: (event: TouchEvent<T>) => void;
  onTouchEnd?: (event: TouchEvent<T>) => void;
  onTouchCancel?: (event: TouchEvent<T>) => void;
}

/**
 * True while a pointer or finger is down on the element. CSS :active alone is not enough: mobile
 * Safari never applies it without a touch listener, and it stays on after a finger slides off.
 * Touch events are heard as well as pointer events for webviews that lack the latter.
 */
export function usePressed<T extends Element>(
  disabled: boolean,
  own: PressHandlers<T>,
): { pressed: boolean; handlers: Required<PressHandlers<T>> } {
  const [pressed, setPressed] = useState(false);
  // A button disabled mid-press must not stay pressed.
  const shownPressed = pressed && !disabled;

  const press =
    <E>(handler: ((event: E) => void) | undefined, down: boolean) =>
    (event: E) => {
      handler?.(event);
      setPressed(down && !disabled);
    };

  return {
    pressed: shownPressed,
    handlers: {
      onPointerDown: press(own.onPointerDown, true),
      onPointerUp: press(own.onPointerUp, false),
      onPointerLeave: press(own.onPointerLeave, false),
      onPointerCancel: press(own.onPointerCancel, false),
      onTouchStart: press(own.onTouchStart, true),
      onTouchEnd: press(own.onTouchEnd, false),
      onTouchCancel: press(own.onTouchCancel, false),
    },
  };
}
