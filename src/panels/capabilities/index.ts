// Section 6: what each tool gives the design.
export { CapabilitiesPanel } from './CapabilitiesPanel';
