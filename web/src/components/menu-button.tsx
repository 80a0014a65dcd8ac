import { Button, Dropdown } from 'antd';
import type { ButtonProps, MenuProps } from 'antd';
import { useRef } from 'react';

interface MenuButtonProps extends Omit<ButtonProps, 'onClick'> {
  items: NonNullable<MenuProps['items']>;
  /** the chosen entry's key */
  onChoose(key: string): void;
}

/**
 * A button that opens a menu of actions ("More ▾"). An entry that opens a dialog must give the focus back to
 * this button when the dialog closes (WCAG 2.4.3, issue 30): antd's dialog returns it to what had it when it
 * opened, the menu's entry, which is gone by then (the focus fell to the page's body). So the button takes
 * the focus back before the entry's action runs.
 */
export function MenuButton({ items, onChoose, children, ...button }: MenuButtonProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const onClick: MenuProps['onClick'] = ({ key }) => {
    trigger.current?.focus();
    onChoose(key);
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <Button ref={trigger} {...button}>
        {children}
      </Button>
    </Dropdown>
  );
}
