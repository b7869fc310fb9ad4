/**
 * Microphone capture in mono blocks, for the features that listen (Live mode, the vocal recorder): an
 * AudioWorklet processor that mixes its input's channels down to mono (their mean) and posts every
 * `blockSize` samples to the page as one Float32Array (its buffer transferred).
 */

/**
 * The AudioWorklet module's source: registers a capture processor under `processorName`.
 * @param processorName the name to register (one per block size; each AudioContext registers it once).
 * @param blockSize samples per posted block (a positive integer; render quanta are 128 samples).
 */
export function captureWorkletSource(processorName: string, blockSize: number): string {
  if (!Number.isInteger(blockSize) || blockSize <= 0) throw new RangeError(`Bad block size: ${blockSize}`);
  return `
class TonicCapture extends AudioWorkletProcessor {
  constructor() { super(); this.size = ${blockSize}; this.buf = new Float32Array(this.size); this.n = 0; }
  process(inputs) {
    const input = inputs[0];
    if (input && input.length > 0) {
      const len = input[0].length;
      for (let i = 0; i < len; i++) {
        let s = 0;
        for (let c = 0; c < input.length; c++) s += input[c][i];
        this.buf[this.n++] = s / input.length;
        if (this.n === this.size) {
          this.port.postMessage(this.buf, [this.buf.buffer]);
          this.buf = new Float32Array(this.size);
          this.n = 0;
        }
      }
    }
    return true;
  }
}
registerProcessor(${JSON.stringify(processorName)}, TonicCapture);
`;
}

/**
 * Load the capture processor into `ctx` and create its node (one mono output, left silent). Blocks arrive
 * on `node.port` as `MessageEvent<Float32Array>`.
 * @param processorName see {@link captureWorkletSource}.
 * @param blockSize samples per block.
 * @throws (as a rejection) whatever `audioWorklet.addModule` or the node's constructor throws, e.g. where
 * AudioWorklet is unsupported.
 */
export async function createCaptureNode(
  ctx: BaseAudioContext,
  processorName: string,
  blockSize: number,
): Promise<AudioWorkletNode> {
  const url = URL.createObjectURL(
    new Blob([captureWorkletSource(processorName, blockSize)], { type: "text/javascript" }),
  );
  try {
    await ctx.audioWorklet.addModule(url);
  } finally {
    URL.revokeObjectURL(url);
  }
  return new AudioWorkletNode(ctx, processorName, { numberOfOutputs: 1, outputChannelCount: [1] });
}
