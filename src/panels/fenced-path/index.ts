// Placeholder until this panel lands.
export { FencedPathPanel } from './FencedPathPanel';
