// Section 5: the fenced path, step by step.
export { FencedPathPanel } from './FencedPathPanel';
