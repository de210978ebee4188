import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/I18nProvider.tsx';
import { createListenTracker, listenPositions } from './listenPositions.ts';
import { createPendingSeek } from './pendingSeek.ts';
import { formatMediaTime } from './progressTicker.ts';
import * as css from './media.css.ts';

/**
 * A voice note or audio file: the browser's player, whose listened position is kept every
 * 10,000 ms while it plays (and when it pauses), so reopening the conversation resumes where
 * the agent stopped. The resume is a seek asked before the metadata loads: it is dropped if the
 * metadata takes more than 5,000 ms (SPEC.md section 9).
 */
export function AudioPlayer({ mediaKey, url, label }: { mediaKey: string; url: string; label: string }) {
  const t = useT();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [resumeAt, setResumeAt] = useState(() => listenPositions.get(mediaKey));

  useEffect(() => {
    const audio = audioRef.current;
    if (audio === null) return;
    const tracker = createListenTracker({ mediaId: mediaKey, position: () => audio.currentTime });
    const seek = createPendingSeek();
    const resume = tracker.resumeAt();
    if (resume !== null) {
      if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) audio.currentTime = resume;
      else seek.request(resume, Date.now());
    }
    const onMetadata = () => {
      const at = seek.take(Date.now());
      if (at !== null) audio.currentTime = at;
    };
    const onPlay = () => tracker.play();
    const onPause = () => tracker.pause();
    const onEnded = () => {
      tracker.ended();
      setResumeAt(null);
    };
    audio.addEventListener('loadedmetadata', onMetadata);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onEnded);
    return () => {
      audio.removeEventListener('loadedmetadata', onMetadata);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onEnded);
      tracker.dispose();
    };
  }, [mediaKey]);

  return (
    <span className={css.audio}>
      <audio
        ref={audioRef}
        className={css.audioElement}
        src={url}
        controls
        preload="metadata"
        aria-label={label}
      />
      {resumeAt !== null ? (
        <span className={css.note}>{t('media.resumeFrom', { time: formatMediaTime(resumeAt) })}</span>
      ) : null}
    </span>
  );
}
