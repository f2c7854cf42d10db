// Section 15, and the numbers the scale ladder borrows.
export { NumbersPanel } from './NumbersPanel';
export { MachineNote, machineSentence } from './MachineNote';
export { numbersLoad, NUMBERS_FILE } from './numbersSource';
