/**
 * Where a signature is drawn. The page asks the surface in context for a PNG data URL and nothing
 * else, so a test (jsdom draws nothing on a canvas) can hand over a real PNG through its own
 * surface, while the server still checks what it gets as it would from a phone.
 *
 * signature_pad is fetched when the pad first shows: only the pages that sign (the counter's
 * check-out, the customer's online check-in) download it.
 */
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';

export interface SignatureSurfaceProps {
  /** Names the pad for a screen reader and a test: "Customer's signature". */
  label: string;
  /** Tells the pad it is empty again (after "Clear"). */
  signed: boolean;
  onChange: (png: string | null) => void;
}

/** The pad keeps this shape whatever the screen: a drawing scaled to a new width stays the same signature. */
const HEIGHT_PER_WIDTH = 0.4;

function CanvasSurface({ label, signed, onChange }: SignatureSurfaceProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let stopped = false;
    let observer: ResizeObserver | undefined;
    let drawnAtWidth = 0;

    import('signature_pad').then(
      ({ default: Pad }) => {
        if (stopped) return;
        if (!canvas.getContext('2d')) {
          setProblem('This browser cannot draw a signature. Please use another phone or browser.');
          return;
        }
        const pad = new Pad(canvas, { penColor: '#0f172a', minWidth: 0.8, maxWidth: 2.6 });
        padRef.current = pad;
        pad.addEventListener('endStroke', () => {
          setNote('');
          onChangeRef.current(pad.toDataURL('image/png'));
        });

        // The canvas's pixels follow its shown size and the screen's density; a rotated phone
        // changes both. The strokes are kept and scaled to the new width, so the signature stays.
        const fit = () => {
          const width = canvas.clientWidth;
          if (width === 0 || width === drawnAtWidth) return;
          const ratio = Math.max(window.devicePixelRatio || 1, 1);
          const strokes = pad.toData();
          const scale = drawnAtWidth > 0 ? width / drawnAtWidth : 1;
          canvas.width = Math.round(width * ratio);
          canvas.height = Math.round(width * HEIGHT_PER_WIDTH * ratio);
          canvas.getContext('2d')?.scale(ratio, ratio);
          pad.clear();
          drawnAtWidth = width;
          if (strokes.length === 0) return;
          try {
            pad.fromData(strokes.map((group) => ({ ...group, points: group.points.map((point) => ({ ...point, x: point.x * scale, y: point.y * scale })) })));
            onChangeRef.current(pad.toDataURL('image/png'));
          } catch {
            onChangeRef.current(null);
            setNote('The screen turned, so the signature was cleared. Please sign again.');
          }
        };
        fit();
        observer = new ResizeObserver(fit);
        observer.observe(canvas);
      },
      () => {
        if (!stopped) setProblem('The signature pad could not be loaded. Please check the connection and reload the page.');
      },
    );
    return () => {
      stopped = true;
      observer?.disconnect();
      padRef.current?.off();
      padRef.current = null;
    };
  }, []);

  // "Clear" (or a fresh form) empties the drawing too.
  useEffect(() => {
    if (!signed && padRef.current && !padRef.current.isEmpty()) padRef.current.clear();
  }, [signed]);

  return (
    <div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        className="block aspect-[5/2] w-full touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
      />
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
      {note && (
        <p role="status" className="mt-1 text-sm text-amber-800">
          {note}
        </p>
      )}
    </div>
  );
}

export type RenderSignatureSurface = (props: SignatureSurfaceProps) => ReactNode;

export const SignatureSurfaceContext = createContext<RenderSignatureSurface>((props) => <CanvasSurface {...props} />);

/** Draws the surface in use: the canvas with signature_pad, unless a test gives its own. */
export function useSignatureSurface(): RenderSignatureSurface {
  return useContext(SignatureSurfaceContext);
}
