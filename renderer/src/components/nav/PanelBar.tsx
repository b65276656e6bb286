/**
 * The panel bar inside the frame bar: one button per panel (keys 1–9 jump there from anywhere but a field). The bar
 * is one Tab stop; the arrow keys, Home and End move between its buttons (a roving tab index).
 */
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { PANEL_PLACES, jumpToPanel } from './panel-jump';

/** The buttons of the panel bar. */
export const PanelBar = memo(function PanelBar() {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number): void => {
    const count = PANEL_PLACES.length;
    const next = (index + count) % count;
    setActive(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowDown: active + 1,
      ArrowLeft: active - 1,
      ArrowUp: active - 1,
      Home: 0,
      End: PANEL_PLACES.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    // The frame bar's arrow shortcuts step frames; inside the panel bar the arrows move between its buttons.
    event.stopPropagation();
    move(to);
  };
  return (
    <div className="panel-bar" role="toolbar" aria-label="Jump to a panel (keys 1–9)" onKeyDown={onKeyDown}>
      {PANEL_PLACES.map((place, index) => (
        <button
          key={place.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          tabIndex={index === active ? 0 : -1}
          data-testid={`jump-${place.key}`}
          title={`${place.question} (${place.key})`}
          onClick={() => {
            setActive(index);
            jumpToPanel(place.key);
          }}
        >
          <kbd aria-hidden="true">{place.key}</kbd> {place.label}
        </button>
      ))}
    </div>
  );
});
