import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { MEDIA_PLAY_BUTTON_PX } from '@sapa/sdk';
import { useT } from '../i18n/I18nProvider.tsx';
import { createPendingSeek } from './pendingSeek.ts';
import { createProgressTicker, formatMediaTime, progressOf, type MediaProgress } from './progressTicker.ts';
import { PauseIcon, PlayIcon } from './icons.tsx';
import * as css from './media.css.ts';

export type VideoWidth = 'natural' | 'mobileVideo';

/**
 * An mp4 message: its first frame with a 64 px play button until played, then its own
 * controls: play/pause, a position slider and the time, updated every 1,000 ms while it plays
 * (SPEC.md section 9). A seek asked before the metadata loads is applied when it does, unless
 * 5,000 ms have passed. A link opens the file itself.
 */
export function VideoPlayer({ url, label, width }: { url: string; label: string; width: VideoWidth }) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [progress, setProgress] = useState<MediaProgress>(() => progressOf(0, Number.NaN));
  const [seek] = useState(() => createPendingSeek());

  useEffect(() => {
    const video = videoRef.current;
    if (video === null) return;
    const ticker = createProgressTicker({
      read: () => ({ current: video.currentTime, duration: video.duration }),
      onProgress: setProgress,
    });
    const onMetadata = () => {
      const at = seek.take(Date.now());
      if (at !== null) video.currentTime = at;
      ticker.update();
    };
    const onPlay = () => {
      setPlaying(true);
      ticker.play();
    };
    const onPause = () => {
      setPlaying(false);
      ticker.pause();
    };
    const onSeeked = () => ticker.update();
    video.addEventListener('loadedmetadata', onMetadata);
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onPause);
    video.addEventListener('seeked', onSeeked);
    return () => {
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onPause);
      video.removeEventListener('seeked', onSeeked);
      ticker.dispose();
    };
  }, [seek]);

  const play = () => {
    setStarted(true);
    void videoRef.current?.play().catch(() => setPlaying(false));
  };
  const toggle = () => {
    const video = videoRef.current;
    if (video === null) return;
    if (video.paused) play();
    else video.pause();
  };
  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (video === null) return;
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) video.currentTime = seconds;
    else seek.request(seconds, Date.now());
    setProgress((shown) => progressOf(seconds, shown.duration));
  };

  return (
    <span>
      <span className={css.frame({ width })}>
        <video
          ref={videoRef}
          className={css.media}
          src={url}
          preload="metadata"
          playsInline
          aria-label={label}
          onClick={started ? toggle : play}
        />
        {started ? null : (
          <Button className={css.playButton} aria-label={t('media.playVideo')} onPress={play}>
            <PlayIcon size={MEDIA_PLAY_BUTTON_PX / 2} />
          </Button>
        )}
      </span>
      {started ? (
        <span className={css.controls}>
          <Button
            className={css.controlButton}
            aria-label={playing ? t('media.pause') : t('media.play')}
            onPress={toggle}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </Button>
          <input
            className={css.range}
            type="range"
            min={0}
            max={progress.duration || 0}
            step="any"
            value={progress.current}
            aria-label={t('media.position')}
            aria-valuetext={t('media.time', {
              current: formatMediaTime(progress.current),
              duration: formatMediaTime(progress.duration),
            })}
            onChange={(event) => seekTo(Number(event.currentTarget.value))}
          />
          <span className={css.time}>
            {t('media.time', {
              current: formatMediaTime(progress.current),
              duration: formatMediaTime(progress.duration),
            })}
          </span>
        </span>
      ) : null}
    </span>
  );
}
