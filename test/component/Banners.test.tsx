import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from '../../renderer/src/components/banners/ErrorBanner';
import { RestartBanner } from '../../renderer/src/components/banners/RestartBanner';
import { OpenBar } from '../../renderer/src/components/open/OpenBar';
import { Thumbnails } from '../../renderer/src/components/thumbnails/Thumbnails';
import { greyToRgba } from '../../renderer/src/components/thumbnails/grey';

describe('ErrorBanner', () => {
  it('shows code, message and remedy, and can be dismissed', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(
      <ErrorBanner
        error={{ code: 'NOT_A_VIDEO', message: 'x.txt is not a video', remedy: 'Pick a video.' }}
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByTestId('error-code')).toHaveTextContent('NOT_A_VIDEO');
    expect(screen.getByTestId('error-message')).toHaveTextContent('x.txt is not a video');
    expect(screen.getByTestId('error-remedy')).toHaveTextContent('Pick a video.');
    await user.click(screen.getByTestId('error-dismiss'));
    expect(onDismiss).toHaveBeenCalled();
  });
});

describe('RestartBanner', () => {
  it('says why the backend restarted and offers to reopen the file at its frame', async () => {
    const user = userEvent.setup();
    const onReopen = vi.fn();
    render(
      <RestartBanner
        restart={{
          reason: 'the decoder process stopped (signal SIGKILL) and was restarted',
          exitCode: null,
          signal: 'SIGKILL',
          restarts: 1,
          lastFile: '/v/clip.mp4',
          lastFrame: 17,
        }}
        onReopen={onReopen}
        onDismiss={vi.fn()}
      />,
    );
    expect(screen.getByTestId('restart-reason')).toHaveTextContent(
      'The decoder process stopped (signal SIGKILL) and was restarted.',
    );
    await user.click(screen.getByTestId('reopen-button'));
    expect(screen.getByTestId('reopen-button')).toHaveTextContent('Reopen clip.mp4 at frame 17');
    expect(onReopen).toHaveBeenCalled();
  });
});

describe('OpenBar', () => {
  it('offers a path field in serve mode, recents and the sample', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(
      <OpenBar
        openDialog={null}
        recents={[{ path: '/v/a.mp4', openedAt: '', lastFrame: 5 }]}
        samplePath="/s.mp4"
        opening={false}
        onOpen={onOpen}
      />,
    );
    await user.type(screen.getByTestId('path-input'), '/v/b.mp4{Enter}');
    await user.click(screen.getByTestId('recents-toggle'));
    await user.click(screen.getByTestId('recent-item'));
    await user.click(screen.getByTestId('open-sample'));
    expect(onOpen.mock.calls).toEqual([['/v/b.mp4'], ['/v/a.mp4', 5], ['/s.mp4']]);
    expect(screen.queryByTestId('open-dialog')).toBeNull();
  });

  it('uses the native dialog in the window', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(
      <OpenBar openDialog={async () => '/chosen.mp4'} recents={[]} samplePath={null} opening={false} onOpen={onOpen} />,
    );
    await user.click(screen.getByTestId('open-dialog'));
    expect(onOpen).toHaveBeenCalledWith('/chosen.mp4');
    expect(screen.queryByTestId('path-input')).toBeNull();
  });
});

describe('Thumbnails', () => {
  it('draws one canvas per plane at the thumbnail size', () => {
    const data = Uint8Array.of(0, 128, 255, 64);
    render(
      <Thumbnails
        thumbnails={[
          { plane: 0, name: 'Y', width: 2, height: 2, data },
          { plane: 1, name: 'UV', width: 2, height: 2, data },
        ]}
      />,
    );
    expect(screen.getByTestId('thumbnail-0')).toHaveAttribute('width', '2');
    expect(screen.getByTestId('thumbnail-1')).toBeInTheDocument();
    expect(Array.from(greyToRgba(data, 2, 2).slice(4, 8))).toEqual([128, 128, 128, 255]);
  });
});
