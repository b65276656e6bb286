/** The hex view's controls: the plane, go to an offset, how to read the units, and moving the window. */
import type { PlaneFacts } from '../../model/plane-facts';
import { INTERPRETATIONS, WINDOW_BYTES, moveWindow, type Interpretation } from './hex-dump';

/** Props of HexControls. */
export interface HexControlsProps {
  facts: readonly PlaneFacts[];
  /** The shown plane's index. */
  plane: number;
  onPlane(index: number): void;
  /** The go-to field's text, and why it was refused (or null). */
  field: string;
  fieldError: string | null;
  onField(text: string): void;
  onGo(): void;
  interpretation: Interpretation;
  onInterpretation(interpretation: Interpretation): void;
  /** The window's first byte and the plane's extent. */
  start: number;
  extent: number;
  onStart(start: number): void;
}

/** The row of controls above the bytes. */
export function HexControls({
  facts,
  plane,
  onPlane,
  field,
  fieldError,
  onField,
  onGo,
  interpretation,
  onInterpretation,
  start,
  extent,
  onStart,
}: HexControlsProps) {
  return (
    <div className="hex-controls">
      <div role="group" aria-label="Plane">
        {facts.map((p) => (
          <button
            key={p.index}
            type="button"
            data-testid={`hex-plane-${p.index}`}
            aria-pressed={p.index === plane}
            onClick={() => onPlane(p.index)}
          >
            {p.name}
          </button>
        ))}
      </div>
      <form
        className="hex-goto"
        onSubmit={(event) => {
          event.preventDefault();
          onGo();
        }}
      >
        <label>
          Go to offset{' '}
          <input
            data-testid="hex-offset"
            value={field}
            placeholder="4096 or 0x1000"
            aria-invalid={fieldError !== null}
            aria-describedby={fieldError !== null ? 'hex-offset-error' : undefined}
            onChange={(e) => onField(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="hex-go">
          Go
        </button>
      </form>
      <div role="group" aria-label="Read units as">
        {INTERPRETATIONS.map((i) => (
          <button
            key={i.id}
            type="button"
            data-testid={`hex-as-${i.id}`}
            aria-pressed={i.id === interpretation}
            title={i.text}
            onClick={() => onInterpretation(i.id)}
          >
            {i.label}
          </button>
        ))}
      </div>
      <div role="group" aria-label="Move">
        <button
          type="button"
          data-testid="hex-earlier"
          disabled={start === 0}
          onClick={() => onStart(moveWindow(start, -WINDOW_BYTES, extent))}
        >
          ↑ {WINDOW_BYTES} B earlier
        </button>
        <button
          type="button"
          data-testid="hex-later"
          disabled={start + WINDOW_BYTES >= extent}
          onClick={() => onStart(moveWindow(start, WINDOW_BYTES, extent))}
        >
          {WINDOW_BYTES} B later ↓
        </button>
      </div>
    </div>
  );
}
