// "Take photo" (src/machines/camera.machine.ts): shown only where the device has a camera; a live
// preview with Capture and Cancel, or a plain message when the camera is blocked. The photo goes to
// `onPhoto` (the Ask dialog opens it in the image editor).
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { cameraMachine } from '../../machines/camera.machine';
import { MESSAGES } from '../../domain/messages';
import { cameraFailure, hasCamera, openCamera, type LiveCamera } from '../../services/camera';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';

const cameraActors = {
  detectCamera: fromPromise(() => hasCamera()),
  camera: fromCallback<{ type: 'camera.capture' }>(({ sendBack, receive }) => {
    let live: LiveCamera | null = null;
    let stopped = false;
    openCamera().then(
      (camera) => {
        if (stopped) return camera.stop();
        live = camera;
        sendBack({ type: 'camera.ready', preview: camera.stream });
      },
      (error: unknown) => !stopped && sendBack(cameraFailure(error)),
    );
    receive(() => {
      live?.capture().then(
        (photo) => !stopped && sendBack({ type: 'camera.photo', photo }),
        (error: unknown) => !stopped && sendBack({ type: 'camera.failed', error }),
      );
    });
    // Leaving the preview, however it happens, puts the camera out.
    return () => {
      stopped = true;
      live?.stop();
    };
  }),
};

/** `disabled`: the form cannot take a photo now (it is being sent), so Take photo waits. */
export function CameraCapture({ onPhoto, disabled = false }: { onPhoto: (photo: File) => void; disabled?: boolean }) {
  const camera = useActorRef(
    cameraMachine.provide({
      actors: cameraActors,
      actions: {
        photoTaken: (_, { photo }) => onPhoto(photo),
        logError: (_, { error }) => console.warn('Camera failed', error),
      },
    }),
  );
  const shown = useSelector(camera, (s) => (s.matches('live') ? 'live' : s.matches('denied') ? 'denied' : s.matches('idle') ? 'idle' : 'none'));
  const preview = useSelector(camera, (s) => s.context.preview);
  const previewing = useSelector(camera, (s) => s.can({ type: 'camera.capture' }));
  const busy = useSelector(camera, (s) => s.hasTag('busy'));
  if (shown === 'none') return null;
  const cancel = () => camera.send({ type: 'camera.cancel' });
  return (
    <>
      <Button variant="secondary" disabled={disabled} onClick={() => camera.send({ type: 'camera.open' })}>Take photo</Button>
      <Modal
        open={shown === 'live' || shown === 'denied'}
        onClose={cancel}
        title="Take photo"
        actions={
          shown === 'denied' ? (
            <>
              <Button variant="secondary" onClick={cancel}>Cancel</Button>
              <Button onClick={() => camera.send({ type: 'camera.open' })}>Try again</Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={cancel}>Cancel</Button>
              <Button disabled={!previewing} busy={busy && Boolean(preview)} onClick={() => camera.send({ type: 'camera.capture' })}>Capture</Button>
            </>
          )
        }
      >
        {shown === 'denied' ? (
          <p role="alert" className="text-sm text-slate-800">{MESSAGES.cameraDenied}</p>
        ) : (
          <div className="space-y-2">
            {!preview && <Spinner label="Opening the camera…" showLabel className="my-2" />}
            <video
              ref={(video) => {
                if (video && video.srcObject !== preview) video.srcObject = (preview as MediaStream | null) ?? null;
              }}
              autoPlay
              playsInline
              muted
              aria-label="Camera preview"
              className={`max-h-[60vh] w-full rounded-lg bg-black object-contain ${preview ? '' : 'hidden'}`}
            />
          </div>
        )}
      </Modal>
    </>
  );
}
