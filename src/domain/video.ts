// Which videos are protected: they carry the moving watermark, and play only with a licence.

/** A video is protected when its isDrmEnabled is '1' (spec: "'1' or other"). */
export const isProtectedVideo = (video: { isDrmEnabled: string }): boolean => video.isDrmEnabled === '1';
