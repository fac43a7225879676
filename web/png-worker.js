// Encodes card faces as PNG off the page's main thread (raster.js). The page
// draws a face from its SVG (only a document can) into OffscreenCanvases, a
// strip each, and sends their bitmaps here; this puts them together and
// answers with the PNG. Encoded on the main thread (canvas.toBlob), a face's
// PNG made tasks of 50-90 ms on the phone profile when the page had no idle
// time to lend Chromium's encoder.
const canvas = new OffscreenCanvas(1, 1);
const context = canvas.getContext("2d");

self.onmessage = async ({ data }) => {
  const { id, parts, width, height } = data;
  try {
    canvas.width = width;   // clears it
    canvas.height = height;
    let top = 0;
    for (const part of parts) {
      context.drawImage(part, 0, top);
      top += part.height;
      part.close();
    }
    const blob = await canvas.convertToBlob({ type: "image/png" });
    self.postMessage({ id, blob });
  } catch (err) {
    self.postMessage({ id, error: String(err) });
  }
};
