import { useBreakpoint } from '../../../ui/responsive/breakpoints';
import { useWindowSize } from '../../../ui/responsive/resizeWatcher';
import { useSoftKeyboardVisible } from '../../../ui/responsive/softKeyboard';
import { GallerySection } from './GallerySection';

export function ResponsiveDemo() {
  const breakpoint = useBreakpoint();
  const { width, height } = useWindowSize();
  const keyboard = useSoftKeyboardVisible();
  return (
    <GallerySection
      id="responsive"
      title="Responsive hooks"
      files={[
        ['useBreakpoint', 'ui/responsive/breakpoints.ts'],
        ['useWindowSize', 'ui/responsive/resizeWatcher.ts'],
        ['useSoftKeyboardVisible', 'ui/responsive/softKeyboard.ts'],
      ]}
      description="Mobile below 48em, tablet to 64em, desktop above. Window size is re-read at most every 20 ms while resizing. The on-screen keyboard is assumed up when the window is more than 250 px shorter than the screen. Resize the window to see them change."
    >
      <dl className="mw-gallery-facts mw-gallery-facts--compact">
        <dt>Breakpoint</dt>
        <dd data-testid="breakpoint">{breakpoint}</dd>
        <dt>Window</dt>
        <dd>
          {width} × {height} px
        </dd>
        <dt>On-screen keyboard</dt>
        <dd>{keyboard ? 'probably up' : 'down'}</dd>
      </dl>
    </GallerySection>
  );
}
