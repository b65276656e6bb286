import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FrameAnswers } from '../../renderer/src/components/answers/FrameAnswers';
import { CopyCodePanel } from '../../renderer/src/components/copycode/CopyCodePanel';
import { Disclosure } from '../../renderer/src/components/common/Disclosure';
import { IdentityPanel } from '../../renderer/src/components/identity/IdentityPanel';
import { LayoutPanel } from '../../renderer/src/components/layout/LayoutPanel';
import { NavBar } from '../../renderer/src/components/nav/NavBar';
import { paddedNv12Device, streamInfo } from '../support/reports';

/** The elements of a region in the Tab order (tabindex 0, or focusable without a tabindex), in document order. */
function tabbable(region: HTMLElement): HTMLElement[] {
  return Array.from(
    region.querySelectorAll<HTMLElement>('button:not(:disabled), a[href], summary, input, pre, [tabindex]'),
  ).filter((element) => {
    const details = element.closest('details');
    if (details !== null && !details.open && element.parentElement !== details) return false;
    return element.getAttribute('tabindex') === null || element.getAttribute('tabindex') === '0';
  });
}

describe('one Tab stop per group', () => {
  it("the answers' three links are for the pointer: the panel bar and its keys 2 and 3 go to the same panels", () => {
    render(<FrameAnswers report={paddedNv12Device()} />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#identity-title',
      '#layout-title',
      '#layout-title',
    ]);
    expect(links.map((link) => link.getAttribute('aria-keyshortcuts'))).toEqual(['2', '3', '3']);
    expect(tabbable(screen.getByTestId('frame-answers'))).toEqual([]);
  });

  it("the identity panel's buttons (collapse, glossary, copy) are one stop; the arrows reach every one", () => {
    render(<IdentityPanel report={paddedNv12Device()} capture={null} />);
    const panel = screen.getByTestId('identity-panel');
    // The facts' summary is one of the group's items; the buttons behind it count once it is open.
    const items = () =>
      Array.from(panel.querySelectorAll<HTMLElement>('button, summary'))
        .filter((element) => {
          const details = element.closest('details');
          return details === null || details.open || element.parentElement === details;
        })
        .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const walk = (expected: HTMLElement[]) => {
      expected[0]!.focus();
      for (const next of expected.slice(1)) {
        fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
        expect(next).toHaveFocus();
      }
    };
    const shut = items();
    expect(shut.length).toBeGreaterThan(4);
    expect(shut).toContain(screen.getByTestId('disclosure-identity-details'));
    expect(tabbable(panel)).toEqual([screen.getByTestId('collapse-identity')]);
    walk(shut);
    screen.getByTestId('disclosure-identity-details').closest('details')!.open = true;
    const open = items();
    expect(open.length).toBe(panel.querySelectorAll('button, summary').length);
    walk(open);
    expect(tabbable(panel)).toHaveLength(1);
  });

  it('copy as code is two stops: its tabs and Copy, and the code, where the arrows are left to scroll it', async () => {
    const user = userEvent.setup();
    render(<CopyCodePanel report={paddedNv12Device()} />);
    const panel = screen.getByTestId('copycode-panel');
    const code = screen.getByTestId('copycode-code');
    expect(tabbable(panel)).toEqual([screen.getByTestId('copycode-tab-c'), code]);
    await user.tab();
    expect(screen.getByTestId('copycode-tab-c')).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByTestId('copycode-copy')).toHaveFocus();
    await user.tab();
    expect(code).toHaveFocus();
    expect(fireEvent.keyDown(code, { key: 'ArrowDown' })).toBe(true);
    expect(code).toHaveFocus();
  });

  it("the layout panel is two stops (its buttons, the drawing's blocks); the insets wait shut behind their summary", () => {
    render(<LayoutPanel report={paddedNv12Device()} codec="h264" />);
    const panel = screen.getByTestId('layout-panel');
    const stops = tabbable(panel);
    expect(stops).toHaveLength(2);
    expect(stops[0]).toBe(screen.getByTestId('collapse-layout'));
    expect(stops[1]!.dataset.testid).toMatch(/^layout-(block|target)/);
    const summary = screen.getByTestId('disclosure-layout-insets');
    expect(summary).toHaveTextContent("Rows around each plane's end, magnified (2 insets)");
    expect(summary.closest('details')!.open).toBe(false);
    // The summary is reached with the arrows from the panel's stop.
    screen.getByTestId('collapse-layout').focus();
    fireEvent.keyDown(screen.getByTestId('collapse-layout'), { key: 'End' });
    expect(summary).toHaveFocus();
  });

  it('the frame bar: one stop for the two step buttons, and Go left to Enter in its field', () => {
    const props = { onStep: vi.fn(), onFrame: vi.fn(), onTime: vi.fn() };
    const { rerender } = render(
      <NavBar info={streamInfo()} report={{ ...paddedNv12Device(), frameIndex: 0 }} busy={false} {...props} />,
    );
    expect(screen.getByTestId('go-frame')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByTestId('go-time')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByTestId('step-back')).toBeDisabled();
    expect(screen.getByTestId('step-forward')).toHaveAttribute('tabindex', '0');
    rerender(<NavBar info={streamInfo()} report={{ ...paddedNv12Device(), frameIndex: 3 }} busy={false} {...props} />);
    expect(screen.getByTestId('step-back')).toBeEnabled();
    expect(screen.getByTestId('step-forward')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByTestId('step-forward')).toHaveAttribute('aria-keyshortcuts', 'ArrowRight');
  });
});

describe('a disclosure', () => {
  it('is shut at first, and stays open across a remount once opened', () => {
    window.localStorage.clear();
    const view = render(
      <Disclosure id="test-part" summary="More">
        <button type="button">inside</button>
      </Disclosure>,
    );
    const details = screen.getByTestId('disclosure-test-part').closest('details')!;
    expect(details.open).toBe(false);
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(window.localStorage.getItem('zci.disclosure-open.test-part')).toBe('true');
    view.unmount();
    render(
      <Disclosure id="test-part" summary="More">
        <button type="button">inside</button>
      </Disclosure>,
    );
    expect(screen.getByTestId('disclosure-test-part').closest('details')!.open).toBe(true);
    window.localStorage.clear();
  });
});
