// Section 1's body, and the "say it" line every section ends with.
export { TopPanel } from './TopPanel';
export { SayIt } from './SayIt';
