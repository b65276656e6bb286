import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IdentityPanel } from '../../renderer/src/components/identity/IdentityPanel';
import { describedHostFrame, mismatchFrame, noNvcvFrame, paddedNv12Device } from '../support/reports';

describe('IdentityPanel', () => {
  it('shows both pointers per plane and a big MATCH badge for a padded NVDEC frame', () => {
    render(<IdentityPanel report={paddedNv12Device()} />);
    expect(screen.getByTestId('overall-badge')).toHaveTextContent('ZERO-COPY: POINTERS MATCH');
    expect(screen.getByTestId('overall-badge')).toHaveAttribute('data-tone', 'ok');
    expect(screen.getByTestId('ffmpeg-pointer-0')).toHaveTextContent('0x7f00_0000_0000');
    expect(screen.getByTestId('nvcv-pointer-0')).toHaveTextContent('0x7f00_0000_0000');
    expect(screen.getByTestId('ffmpeg-pointer-1')).toHaveTextContent('0x7f00_0022_0000');
    for (const plane of [0, 1]) expect(screen.getByTestId(`match-badge-${plane}`)).toHaveTextContent('MATCH');
    expect(screen.getByTestId('allocation-range')).toHaveTextContent('0x7f00_0000_0000 + 3.19 MiB');
    expect(screen.getByTestId('buffer-id')).toHaveTextContent('4242');
    expect(screen.getByTestId('device')).toHaveTextContent('cuda:0');
    expect(screen.getByTestId('context')).toHaveTextContent('0x5555_0000_aaaa');
    expect(screen.getByTestId('aliasing-proof')).toHaveAttribute('data-passed', 'true');
    expect(screen.getByTestId('aliasing-badge')).toHaveTextContent('ALIASING PROVEN');
  });

  it('flags a mismatch, with how far the pointers are apart', () => {
    render(<IdentityPanel report={mismatchFrame()} />);
    expect(screen.getByTestId('overall-badge')).toHaveTextContent('MISMATCH');
    expect(screen.getByTestId('match-badge-0')).toHaveAttribute('data-tone', 'ok');
    expect(screen.getByTestId('match-badge-1')).toHaveTextContent('MISMATCH');
    expect(screen.getByTestId('pointer-delta-1')).toHaveTextContent('off by +64 bytes');
    expect(screen.getByTestId('aliasing-badge')).toHaveTextContent('ALIASING FAILED');
  });

  it('says nothing was checked when NVCV is missing, and why', () => {
    render(<IdentityPanel report={noNvcvFrame()} />);
    expect(screen.getByTestId('overall-badge')).toHaveTextContent('NOT CHECKED');
    expect(screen.getByTestId('identity-unchecked')).toHaveTextContent('libnvcv_types.so not found');
    expect(within(screen.getByTestId('plane-row-0')).getByTestId('nvcv-pointer-0')).toHaveTextContent('—');
    expect(screen.getByTestId('aliasing-badge')).toHaveTextContent('PROOF NOT RUN');
  });

  it('copies a pointer to the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<IdentityPanel report={paddedNv12Device()} />);
    await user.click(screen.getByTestId('copy-nvcv-1'));
    expect(writeText).toHaveBeenCalledWith('0x7f0000220000');
    expect(screen.getByTestId('copy-nvcv-1')).toHaveTextContent('copied');
  });
});

describe('IdentityPanel on a host frame NVCV only describes', () => {
  it('shows the amber descriptor-only verdict and why, never the green zero-copy one', () => {
    render(<IdentityPanel report={describedHostFrame()} />);
    const badge = screen.getByTestId('overall-badge');
    expect(badge).toHaveTextContent('POINTERS MATCH · DESCRIPTOR ONLY (HOST MEMORY)');
    expect(badge).not.toHaveTextContent('ZERO-COPY');
    expect(badge).toHaveAttribute('data-tone', 'warn');
    expect(screen.getByTestId('identity-descriptor-only')).toHaveTextContent(/refuses STRIDED_HOST/);
  });
});
