/** Service blocks: days a car is out of service. Its face: other features use it through these alone, never through its files. */
export { createBlock, toBlock } from './service';
