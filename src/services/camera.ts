// The device camera for "Take photo" in the Ask dialog (src/machines/camera.machine.ts): whether there
// is one, opening it at the spec's ideal size, taking a JPEG from it and stopping its tracks.
/** What the camera actor tells the machine (src/machines/camera.machine.ts). */
export type CameraReport =
  | { type: 'camera.ready'; preview: object }
  | { type: 'camera.photo'; photo: File }
  | { type: 'camera.denied' }
  | { type: 'camera.missing' }
  | { type: 'camera.failed'; error: unknown };

/** Spec §9: ideal 1280x720 on desktop, 720x1280 on screens up to 768 px wide. */
const idealCameraSize = (screenWidth: number) => (screenWidth <= 768 ? { width: 720, height: 1280 } : { width: 1280, height: 720 });

/** The browser can open a camera and lists one (labels stay hidden until permission; kinds do not). */
export async function hasCamera(): Promise<boolean> {
  const devices = navigator.mediaDevices;
  if (!devices?.getUserMedia || !devices.enumerateDevices) return false;
  return (await devices.enumerateDevices()).some((device) => device.kind === 'videoinput');
}

export interface LiveCamera {
  stream: MediaStream;
  /** The picture as it is now, as a JPEG file. */
  capture(): Promise<File>;
  /** Stops every track: the camera light goes out. */
  stop(): void;
}

export async function openCamera(): Promise<LiveCamera> {
  const size = idealCameraSize(window.innerWidth);
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { width: { ideal: size.width }, height: { ideal: size.height }, facingMode: { ideal: 'environment' } },
    audio: false,
  });
  const stop = () => stream.getTracks().forEach((track) => track.stop());
  // A video of its own to take pictures from, whatever the preview on screen is doing.
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  try {
    await video.play();
  } catch (error) {
    stop();
    throw error;
  }
  return {
    stream,
    stop,
    capture: () =>
      new Promise<File>((resolve, reject) => {
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        canvas.getContext('2d')!.drawImage(video, 0, 0);
        canvas.toBlob((blob) => (blob ? resolve(new File([blob], `photo-${Date.now()}.jpg`, { type: 'image/jpeg' })) : reject(new Error('The photo could not be made.'))), 'image/jpeg', 0.92);
      }),
  };
}

/** Why the camera did not open, as the machine hears it. */
export function cameraFailure(error: unknown): CameraReport {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return { type: 'camera.denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { type: 'camera.missing' };
  return { type: 'camera.failed', error };
}
