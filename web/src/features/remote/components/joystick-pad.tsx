import { Tooltip, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRobotCommand } from '../api/robot-calls';
import { ARROW_KEYS, arrowsToCmdVel, clampToPad, isStop, joystickToCmdVel, REPEAT_MS, STOP, type ArrowKey, type CmdVel } from '../lib/joystick';
import { useRemote } from './remote-context';

const RADIUS = 56;

/**
 * Drive the robot: press and pull the knob; cmdvel_ctrl repeats while it is held (the robot keeps a
 * command about a second) and a stop goes out on release, on leaving the page, or when control ends.
 */
export function JoystickPad() {
  const { t } = useTranslation();
  const { robot, canCommand, disabledReason } = useRemote();
  const { mutate } = useRobotCommand(robot);
  const [knob, setKnob] = useState({ dx: 0, dy: 0 });
  const [shown, setShown] = useState<CmdVel>(STOP);
  const vector = useRef<CmdVel>(STOP);
  const timer = useRef<number | null>(null);
  const pad = useRef<HTMLButtonElement>(null);

  const drive = (cmd: CmdVel, refresh = false) => mutate({ call: 'cmdvel_ctrl', body: { ...cmd }, refresh });

  const arrows = useRef(new Set<ArrowKey>());

  const release = () => {
    arrows.current.clear();
    if (timer.current === null) return;
    window.clearInterval(timer.current);
    timer.current = null;
    vector.current = STOP;
    setKnob({ dx: 0, dy: 0 });
    setShown(STOP);
    drive(STOP, true);
  };
  const releaseRef = useRef(release);
  useLayoutEffect(() => {
    releaseRef.current = release;
  });
  useEffect(() => () => releaseRef.current(), []);
  useEffect(() => {
    if (!canCommand) releaseRef.current();
  }, [canCommand]);

  const follow = (event: PointerEvent<HTMLButtonElement>) => {
    const box = pad.current?.getBoundingClientRect();
    if (!box) return;
    const dx = event.clientX - (box.left + box.width / 2);
    const dy = event.clientY - (box.top + box.height / 2);
    setKnob(clampToPad(dx, dy, RADIUS));
    vector.current = joystickToCmdVel(dx, dy, RADIUS);
    setShown(vector.current);
  };

  const start = () => {
    if (!isStop(vector.current)) drive(vector.current);
    timer.current = window.setInterval(() => {
      if (!isStop(vector.current)) drive(vector.current);
    }, REPEAT_MS);
  };

  const onDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (!canCommand || timer.current !== null) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    follow(event);
    start();
  };

  // The focused pad also drives with the arrow keys (held: repeated; all let go: stop).
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, down: boolean) => {
    const key = event.key as ArrowKey;
    if (!canCommand || !ARROW_KEYS.includes(key)) return;
    event.preventDefault();
    if (down) arrows.current.add(key);
    else arrows.current.delete(key);
    vector.current = arrowsToCmdVel(arrows.current);
    setShown(vector.current);
    setKnob({ dx: -vector.current.angular * RADIUS, dy: -2 * vector.current.linear * RADIUS });
    if (arrows.current.size === 0) release();
    else if (timer.current === null) start();
  };

  const padElement = (
    <button
      type="button"
      ref={pad}
      className={`cf-remote-joystick${canCommand ? '' : ' cf-remote-joystick--disabled'}`}
      style={{ width: RADIUS * 2 + 24, height: RADIUS * 2 + 24 }}
      aria-label={t('remote.commands.joystick')}
      aria-disabled={!canCommand}
      data-testid="joystick"
      tabIndex={canCommand ? 0 : -1}
      onKeyDown={(e) => onKey(e, true)}
      onKeyUp={(e) => onKey(e, false)}
      onBlur={release}
      onPointerDown={onDown}
      onPointerMove={(e) => timer.current !== null && follow(e)}
      onPointerUp={release}
      onPointerCancel={release}
      onLostPointerCapture={release}
    >
      <span className="cf-remote-joystick__knob" style={{ transform: `translate(${knob.dx}px, ${knob.dy}px)` }} />
    </button>
  );
  return (
    <div className="cf-remote-joystick-box">
      {disabledReason ? <Tooltip title={disabledReason}>{padElement}</Tooltip> : padElement}
      <Typography.Text type="secondary" className="cf-remote-mono" data-testid="joystick-value">
        {shown.linear.toFixed(2)} m/s · {shown.angular.toFixed(2)} rad/s
      </Typography.Text>
      <Typography.Text type="secondary" className="cf-remote-hint">
        {t('remote.commands.joystickHint')}
      </Typography.Text>
    </div>
  );
}
