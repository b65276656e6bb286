/**
 * Every popover of the window closes on Escape and on a click outside it, and gives focus back to the control that
 * opened it: share, settings, help, recent files and the glossary's "?", through the one hook they share.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../contract/settings';
import { useDismiss, usePopover } from '../../renderer/src/components/common/use-popover';
import { GlossaryButton } from '../../renderer/src/components/glossary/GlossaryButton';
import { HelpOverlay } from '../../renderer/src/components/help/HelpOverlay';
import { OpenBar } from '../../renderer/src/components/open/OpenBar';
import { SettingsPanel } from '../../renderer/src/components/settings/SettingsPanel';
import { SharePanel } from '../../renderer/src/components/share/SharePanel';

type Kind = 'share' | 'settings' | 'help';

/** A trigger and one of the real popovers, wired as the window wires them, with something outside to click. */
function Harness({ kind }: { kind: Kind }) {
  const { open, toggle, close, triggerRef, panelRef } = usePopover();
  return (
    <div>
      <button type="button" ref={triggerRef} onClick={toggle} data-testid="trigger">
        open {kind}
      </button>
      <p data-testid="outside">somewhere else</p>
      {open && kind === 'share' ? (
        <SharePanel
          panelRef={panelRef}
          defaultName="clip.zci"
          visitedHint="the frames you viewed"
          saving={false}
          lastSaved={null}
          chooseSavePath={null}
          probePixel={null}
          hasReport
          onSave={() => undefined}
          onExportPanel={() => undefined}
          onExportReport={() => undefined}
          onClose={close}
        />
      ) : null}
      {open && kind === 'settings' ? (
        <SettingsPanel
          panelRef={panelRef}
          settings={DEFAULT_SETTINGS}
          contextMode="shared"
          onChange={() => undefined}
          onContextModeChange={() => undefined}
          chooseLibraryFolder={null}
          onClose={close}
        />
      ) : null}
      {open && kind === 'help' ? <HelpOverlay onClose={close} panelRef={panelRef} /> : null}
    </div>
  );
}

const PANELS: Record<Kind, string> = { share: 'share-panel', settings: 'settings-panel', help: 'help-overlay' };

describe.each(['share', 'settings', 'help'] as const)('the %s popover', (kind) => {
  it('closes on Escape and gives focus back to its trigger', async () => {
    const user = userEvent.setup();
    render(<Harness kind={kind} />);
    await user.click(screen.getByTestId('trigger'));
    expect(screen.getByTestId(PANELS[kind])).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId(PANELS[kind])).toBeNull();
    await waitFor(() => expect(screen.getByTestId('trigger')).toHaveFocus());
  });

  it('closes on a click outside and gives focus back, but stays open for a click inside', async () => {
    const user = userEvent.setup();
    render(<Harness kind={kind} />);
    await user.click(screen.getByTestId('trigger'));
    const inside = kind === 'help' ? screen.getByTestId('help-glossary') : screen.getByTestId(PANELS[kind]);
    await user.click(inside);
    expect(screen.getByTestId(PANELS[kind])).toBeInTheDocument();
    await user.click(screen.getByTestId('outside'));
    expect(screen.queryByTestId(PANELS[kind])).toBeNull();
    await waitFor(() => expect(screen.getByTestId('trigger')).toHaveFocus());
  });

  it('closes with its own Close button, focus back on the trigger', async () => {
    const user = userEvent.setup();
    render(<Harness kind={kind} />);
    await user.click(screen.getByTestId('trigger'));
    await user.click(screen.getByTestId(`${kind}-close`));
    expect(screen.queryByTestId(PANELS[kind])).toBeNull();
    await waitFor(() => expect(screen.getByTestId('trigger')).toHaveFocus());
  });
});

describe('the glossary popover', () => {
  it("opens the term's words from its ?, and closes on Escape and outside", async () => {
    const user = userEvent.setup();
    render(
      <div>
        <GlossaryButton term="aliasing-proof" />
        <p data-testid="outside">elsewhere</p>
      </div>,
    );
    const button = screen.getByTestId('glossary-aliasing-proof');
    expect(button).toHaveAccessibleName('What is canary and aliasing proof?');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('glossary-popover-aliasing-proof')).toHaveTextContent(
      /canary is a random 8-byte pattern/,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('glossary-popover-aliasing-proof')).toBeNull();
    await waitFor(() => expect(button).toHaveFocus());
    await user.click(button);
    await user.click(screen.getByTestId('outside'));
    expect(screen.queryByTestId('glossary-popover-aliasing-proof')).toBeNull();
    await user.click(button);
    await user.click(button);
    expect(screen.queryByTestId('glossary-popover-aliasing-proof')).toBeNull();
  });

  it('inside another popover: Escape closes the innermost first, and the window never sees that key', async () => {
    const user = userEvent.setup();
    const windowKeys = vi.fn();
    window.addEventListener('keydown', windowKeys);
    function Outer() {
      const { open, toggle, triggerRef, panelRef } = usePopover();
      return (
        <div>
          <button type="button" ref={triggerRef} onClick={toggle} data-testid="trigger">
            open
          </button>
          {open ? (
            <div ref={panelRef} data-testid="outer">
              <GlossaryButton term="surface-pool" />
            </div>
          ) : null}
        </div>
      );
    }
    render(<Outer />);
    await user.click(screen.getByTestId('trigger'));
    await user.click(screen.getByTestId('glossary-surface-pool'));
    expect(screen.getByTestId('glossary-popover-surface-pool')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('glossary-popover-surface-pool')).toBeNull();
    expect(screen.getByTestId('outer')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('outer')).toBeNull();
    expect(windowKeys).not.toHaveBeenCalled();
    // With nothing open, Escape reaches the window's shortcuts again.
    await user.keyboard('{Escape}');
    expect(windowKeys).toHaveBeenCalledTimes(1);
    window.removeEventListener('keydown', windowKeys);
  });
});

describe('the recent files popover', () => {
  it('closes on Escape and outside, focus back on Recent', async () => {
    const user = userEvent.setup();
    render(
      <div>
        <OpenBar
          openDialog={null}
          recents={[{ path: '/v/clip.mp4', openedAt: '2026-11-30T10:00:00Z', lastFrame: 3 }]}
          samplePath={null}
          opening={false}
          onOpen={() => undefined}
        />
        <p data-testid="outside">elsewhere</p>
      </div>,
    );
    const toggle = screen.getByTestId('recents-toggle');
    await user.click(toggle);
    expect(screen.getByTestId('recent-list')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('recent-list')).toBeNull();
    await waitFor(() => expect(toggle).toHaveFocus());
    await user.click(toggle);
    await user.click(screen.getByTestId('outside'));
    expect(screen.queryByTestId('recent-list')).toBeNull();
    await waitFor(() => expect(toggle).toHaveFocus());
  });
});

describe('useDismiss', () => {
  it('does nothing while closed', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    function Closed() {
      const { triggerRef } = useDismiss<HTMLButtonElement>(false, onClose);
      return (
        <button type="button" ref={triggerRef}>
          closed
        </button>
      );
    }
    render(<Closed />);
    await user.keyboard('{Escape}');
    await user.click(document.body);
    expect(onClose).not.toHaveBeenCalled();
  });
});
