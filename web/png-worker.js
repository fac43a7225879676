// Encodes card faces as PNG off the page's main thread (raster.js). The page
// draws a face from its SVG (only a document can) into an OffscreenCanvas
// and sends the bitmap here; this answers with the PNG. Encoded on the main
// thread (canvas.toBlob), a face's PNG made tasks of 50-90 ms on the phone
// profile when the page had no idle time to lend Chromium's encoder.
const canvas = new OffscreenCanvas(1, 1);
const context = canvas.getContext("2d");

self.onmessage = async ({ data }) => {
  const { id, bitmap } = data;
  try {
    canvas.width = bitmap.width;   // clears it
    canvas.height = bitmap.height;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: "image/png" });
    self.postMessage({ id, blob });
  } catch (err) {
    self.postMessage({ id, error: String(err) });
  }
};
