// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @title Owner, guardian, pause switch and change delay shared by Transfer, Vault and LiabilityAttestation
/// @notice Roles:
/// - `owner` (two-step transfer: the new owner must accept, so a typo cannot lose the contract)
///   configures the contract; changes that could move money somewhere new (a signer, the treasury,
///   higher limits) only take effect `changeDelay` seconds after they were proposed, so monitoring
///   sees them coming and the guardian can cancel them or pause the contract.
/// - `guardian` (a separate, ideally cold or multisig key) can only make things safer: pause and
///   cancel pending changes. It can never unpause, move funds or change a setting.
/// Only the owner unpauses: a stolen guardian key can stop the contract, never restart it.
abstract contract Guarded is Ownable2Step, Pausable {
    error Unauthorized();
    error ZeroAddress();
    error ChangeNotReady(uint256 eta);
    error NoPendingChange();
    error RenounceDisabled();

    event GuardianChanged(address indexed previousGuardian, address indexed newGuardian);

    /// @notice An address change waiting for its delay (`eta` 0: none).
    struct PendingAddress {
        address value;
        uint256 eta;
    }

    /// @notice Seconds between proposing a sensitive change and being able to execute it.
    uint256 public immutable changeDelay;
    address public guardian;

    modifier onlyOwnerOrGuardian() {
        if (msg.sender != owner() && msg.sender != guardian) revert Unauthorized();
        _;
    }

    constructor(address guardian_, uint256 changeDelay_) Ownable(msg.sender) {
        changeDelay = changeDelay_;
        _setGuardian(guardian_);
    }

    /// @notice Immediate: the guardian can only pause and cancel, so replacing a lost or leaked
    /// guardian key must not wait.
    function setGuardian(address newGuardian) external onlyOwner {
        _setGuardian(newGuardian);
    }

    function pause() external onlyOwnerOrGuardian {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Disabled: without an owner nobody could unpause or rotate a leaked signer again.
    function renounceOwnership() public view override onlyOwner {
        revert RenounceDisabled();
    }

    /// @dev When a change proposed now may be executed.
    function _eta() internal view returns (uint256) {
        return block.timestamp + changeDelay;
    }

    /// @dev Reverts unless a change with this eta (0: none pending) may be executed now.
    function _requireReady(uint256 eta) internal view {
        if (eta == 0) revert NoPendingChange();
        if (block.timestamp < eta) revert ChangeNotReady(eta);
    }

    /// @dev Proposes an address change (replacing one pending); returns when it may be executed.
    function _propose(PendingAddress storage pending, address value) internal returns (uint256 eta) {
        if (value == address(0)) revert ZeroAddress();
        eta = _eta();
        pending.value = value;
        pending.eta = eta;
    }

    /// @dev The proposed address once its delay has passed; the proposal is used up.
    function _takeReady(PendingAddress storage pending) internal returns (address value) {
        _requireReady(pending.eta);
        value = pending.value;
        delete pending.value;
        delete pending.eta;
    }

    /// @dev Drops a pending proposal; returns the address it proposed.
    function _dropPending(PendingAddress storage pending) internal returns (address value) {
        if (pending.eta == 0) revert NoPendingChange();
        value = pending.value;
        delete pending.value;
        delete pending.eta;
    }

    function _setGuardian(address newGuardian) private {
        if (newGuardian == address(0)) revert ZeroAddress();
        emit GuardianChanged(guardian, newGuardian);
        guardian = newGuardian;
    }
}
