/**
 * Where files go when they are dropped or pasted outside an upload field: the open
 * conversation's composer provides it, the thread (drop) and the composer's text box (paste)
 * use it.
 */
import { createContext, useContext, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { UploadSource } from '@sapa/machines/uploads';
import { carriesFiles, sourcesFromTransfer } from './sources.ts';

export interface UploadTarget {
  /** Whether files are taken now (the 24-hour window is open). */
  enabled: boolean;
  add(sources: UploadSource[]): void;
}

const UploadTargetContext = createContext<UploadTarget | null>(null);

export function UploadTargetProvider({ target, children }: { target: UploadTarget; children: ReactNode }) {
  return <UploadTargetContext.Provider value={target}>{children}</UploadTargetContext.Provider>;
}

/** The nearest upload target, or null outside one. */
export function useUploadTarget(): UploadTarget | null {
  return useContext(UploadTargetContext);
}

export interface FileDrop {
  /** A drag with files is over the zone. */
  dragging: boolean;
  handlers: {
    onDragEnter(event: DragEvent): void;
    onDragOver(event: DragEvent): void;
    onDragLeave(event: DragEvent): void;
    onDrop(event: DragEvent): void;
  };
}

/** Makes an element a drop zone for the nearest upload target (files only, while it takes them). */
export function useFileDrop(): FileDrop {
  const target = useUploadTarget();
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them.
  const depth = useRef(0);
  const accepts = (event: DragEvent) => target !== null && target.enabled && carriesFiles(event.dataTransfer);
  return {
    dragging: dragging && target !== null && target.enabled,
    handlers: {
      onDragEnter(event) {
        if (!accepts(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver(event) {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave() {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop(event) {
        depth.current = 0;
        setDragging(false);
        if (!accepts(event)) return;
        event.preventDefault();
        const sources = sourcesFromTransfer(event.dataTransfer);
        if (sources.length > 0) target?.add(sources);
      },
    },
  };
}
