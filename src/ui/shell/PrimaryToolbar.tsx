import { Navbar, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './PrimaryToolbar.css';

export interface PrimaryToolbarProps {
  /** The page's name, at the left. */
  title: string;
  /** The page's actions, at the right. Default: none. */
  children?: ReactNode;
}

/** The primary toolbar under the header (color2 paints it), carrying a page's actions. */
export function PrimaryToolbar({ title, children }: PrimaryToolbarProps) {
  return (
    <Navbar className="cockpit-primary-toolbar">
      <NavbarGroup align="left">
        <NavbarHeading>
          <h1 className="cockpit-page-title">{title}</h1>
        </NavbarHeading>
      </NavbarGroup>
      <NavbarGroup align="right">{children}</NavbarGroup>
    </Navbar>
  );
}
