import * as React from 'react';
import { cn } from '../../lib/utils.ts';

export interface HlsPlayerProps {
  /** The master playlist, e.g. /api/assets/{id}/hls/master.m3u8 (same origin: the session cookie goes along). */
  src: string;
  poster?: string | null | undefined;
  /** The video element's accessible name. */
  label?: string;
  className?: string;
}

/**
 * Plays an HLS video: with hls.js over Media Source Extensions where the browser has them,
 * else natively (Safari). hls.js is loaded only when a player is shown.
 */
export function HlsPlayer({ src, poster, label = 'Video preview', className }: HlsPlayerProps) {
  const videoRef = React.useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = React.useState<string | null>(null);

  React.useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let destroyed = false;
    let destroy: (() => void) | undefined;
    setFailure(null);
    void import('hls.js')
      .then(({ default: Hls }) => {
        if (destroyed) return;
        if (Hls.isSupported()) {
          const hls = new Hls({ enableWorker: true });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
              hls.recoverMediaError();
              return;
            }
            setFailure(`The video could not be played (${data.details})`);
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          destroy = () => hls.destroy();
        } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = src;
          destroy = () => {
            video.removeAttribute('src');
            video.load();
          };
        } else {
          setFailure('This browser cannot play HLS video');
        }
      })
      .catch(() => {
        if (!destroyed) setFailure('The video player could not be loaded');
      });
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [src]);

  return (
    <div className={cn('grid gap-2', className)}>
      <video
        ref={videoRef}
        controls
        playsInline
        preload="metadata"
        poster={poster ?? undefined}
        aria-label={label}
        className="aspect-video w-full rounded-md bg-black"
      />
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
    </div>
  );
}
HlsPlayer.displayName = 'HlsPlayer';
