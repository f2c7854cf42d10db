// Section 13: the scale ladder.
export { ScaleLadderPanel } from './ScaleLadderPanel';
